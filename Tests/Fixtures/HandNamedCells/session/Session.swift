enum SessionS { case loggedOut, loggedIn }
enum SessionA { case credentials, logout }
enum SessionF {}
final class SessionCtx {}

protocol SessionCells: AuthCells {
    func authChildState(_ ctx: SessionCtx) -> AuthS
    func authEmbed(_ ctx: SessionCtx, _ child: AuthS) -> SessionS
    func authLift(_ ctx: SessionCtx, _ effect: AuthF) -> SessionA?
    func authChildCtx(_ ctx: SessionCtx) -> AuthCtx
    func loggedOutCredentials(_ ctx: SessionCtx, _ st: AuthS) -> AuthA?
    func leave(_ ctx: SessionCtx) -> Step<SessionS, SessionF>
}

func sessionStep(_ c: SessionCells, _ ctx: SessionCtx, _ s: SessionS, _ a: SessionA) -> Step<SessionS, SessionF> {
    switch (s, a) {
    case (.loggedOut, .credentials):
        let st = c.authChildState(ctx)
        return delegateAuth(c, ctx, st, c.loggedOutCredentials(ctx, st))
    case (.loggedOut, .logout): return .ignored
    case (.loggedIn, .credentials): return .ignored
    case (.loggedIn, .logout): return c.leave(ctx)
    }
}

let SESSION_TABLE = Table(
    machine: "Session",
    states: ["LoggedOut", "LoggedIn"],
    actions: ["Credentials", "Logout"],
    cells: [
        [.delegate(child: "auth"), .ignore],
        [.ignore, .handle],
    ],
    initial: "LoggedOut"
)
