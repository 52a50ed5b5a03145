// Correct fixtures embedded in Swift, as the library's examples pin a matrix in a string
// literal; and multi-line strings that are not fixtures. Every check stays silent.
enum Turnstile {
    static let FIXTURE = """
        # The pinned matrix.
        machine Turnstile
        initial Locked
        states  Locked Unlocked
        actions Coin Push

        Locked   | GO(Unlocked, Click) | IGNORE
        Unlocked | IGNORE              | GO(Locked)
        """

    // A raw literal, indented less than the code around it; `\(` is text in it.
    static let RAW = #"""
    machine Raw
    initial A
    states  A B
    actions X Y
    A | GO(B) | HANDLE    # \(not an interpolation)
    B | HANDLE | GO(A)
    """#

    // Not fixtures: other text, prose that starts with "machine", a one-line string, and a
    // template with interpolations that does not start like a fixture.
    static let SQL = """
        SELECT name FROM machines WHERE initial = 'Idle'
        """
    static let PROSE = """
        machine learning
        Nothing here declares states or actions.
        """
    static let ONE_LINE = "machine Timer"
    static let TEMPLATE = """
        Hello \(name), the machine is in \(state).
        states: \(states)
        """
}
