// Composition: `SessionCells` refines the child's `AuthCells`, and its DELEGATE member is named
// like a HANDLE one (`loggedOutCredentials`, no `ToChild`). Correct.

enum AuthS { case idle, checking }
enum AuthA { case submit, verdict }
enum AuthF { case ask }
final class AuthCtx {}

protocol AuthCells {
    func whenSubmitted(_ ctx: AuthCtx) -> Step<AuthS, AuthF>
    func ask(_ ctx: AuthCtx) -> AuthA?
}

func authStep(_ c: AuthCells, _ ctx: AuthCtx, _ s: AuthS, _ a: AuthA) -> Step<AuthS, AuthF> {
    switch (s, a) {
    case (.idle, .submit): return c.whenSubmitted(ctx)
    case (.idle, .verdict): return .ignored
    case (.checking, .submit): return .ignored
    case (.checking, .verdict): return .go(.idle, effects: [.ask])
    }
}

let AUTH_TABLE = Table(
    machine: "Auth",
    states: ["Idle", "Checking"],
    actions: ["Submit", "Verdict"],
    cells: [
        [.handle, .ignore],
        [.ignore, .go(target: "Idle", effects: ["Ask"])],
    ],
    initial: "Idle"
)
