enum Turnstile {
    static let FIXTURE = """
        machine Turnstile
        initial Locked
        states  Locked Unlocked
        actions Coin Push

        Locked   | GO(Unlocked) | IGNORE
        Unlocked | IGNORE       | GO(Locked)
        """
}
