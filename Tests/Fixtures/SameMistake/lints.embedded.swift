// The same lints on every surface: a dead row, a state no GO enters, a state that can never be left.
enum Door {
    static let FIXTURE = #"""
    machine Door
    initial Closed
    states  Closed Open Broken Gone
    actions Push Pull Kick

    Closed | GO(Open)    | IGNORE     | IGNORE
    Open   | IGNORE      | GO(Closed) | GO(Broken, Crash)
    Broken | EMIT(Creak) | IGNORE     | IGNORE
    Gone   | IGNORE      | IGNORE     | IGNORE
    """#
}
