// Fixtures in string literals: every position reported is a position in this file, after
// the literal's indentation is stripped and its escapes decoded.
enum Timer {
    static let FIXTURE = """
        machine Timer
        initial Idle
        states  Idle Running
        actions Start Tick

        Idle    | HANDLE\t| IGNOR
        Running | GO()   | \u{49}GNORE |
        """

    static let RAW = #"""
            machine Raw
            initial A
            states  A
            actions X \#
                    Y
            A | GO(A) | DELEGATE()
            """#
}
