enum Gate {
    static let FIXTURE = """
        machine Gate
        initial Idle
        states  Idle states
        actions Go Stop

        Idle   | GO(states) | IGNORE
        states | IGNORE     | GO(Idle)
        """
}
