// The same mistakes on every surface: a short row, a GO to an undeclared state, an EMIT
// without effects, and an initial state that is not declared.
enum Timer {
    static let FIXTURE = """
        machine Timer
        initial Parked
        states  Idle Running Done
        actions Start Tick Cancel

        Idle    | GO(Runing, StartClock) | IGNORE | IGNORE
        Running | IGNORE                 | HANDLE
        Done    | EMIT()                 | IGNORE | GO(Idle)
        """
}
