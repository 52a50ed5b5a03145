// DELEGATE cells against arms that handle or ignore instead of delegating, and the two
// delegation forms that agree.

func sessionStep(_ c: SessionCells, _ ctx: SessionCtx, _ s: SessionS, _ a: SessionA) -> Step<SessionS, SessionF> {
    switch (s, a) {
    case (.loggedOut, .credentials):
        let st = c.authChildState(ctx)
        return delegateAuth(c, ctx, st, c.loggedOutCredentials(ctx, st))
    case (.loggedOut, .logout): return c.loggedOutLogout(ctx)
    case (.loggedIn, .credentials): return c.loggedInCredentialsToChild(ctx)
    case (.loggedIn, .logout): return .ignored
    }
}

let SESSION_TABLE = Table(
    machine: "Session",
    states: ["LoggedOut", "LoggedIn"],
    actions: ["Credentials", "Logout"],
    cells: [
        [.delegate(child: "auth"), .delegate(child: "auth")],
        [.delegate(child: "auth"), .delegate(child: "auth")],
    ],
    initial: "LoggedOut"
)
