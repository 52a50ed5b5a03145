extension Turnstile {
    static let FIXTURE = """
        machine Turnstile
        initial Locked
        states  Locked Unlocked Broken
        actions Coin Push Kick

        Locked   | GO(Unlocked, Unlock) | EMIT(Buzz)       | GO(Broken, Alarm)
        Unlocked | HANDLE               | GO(Locked, Lock) | GO(Broken, Alarm)
        Broken   | IGNORE               | IGNORE           | HANDLE
        """
}
