// A fixture whose text is only known at run time cannot be checked; it is reported once.
enum Job {
    static let FIXTURE = """
        machine \(name)
        initial Idle
        """

    static let LATER = """
        machine Job
        initial Idle
        states  Idle \(extra)
        actions Run
        Idle | IGNORE
        """
}
