// A pin fixture inside a Swift string, as the library's SpecCheck embeds one.
enum Spec {
    static let FIXTURE = """
        machine Gate
        initial Shut
        states  Shut Open
        actions Coin Push

        Shut | GO(Open) | IGNORE
        Open | IGNORE | GO(Shut) | IGNORE
        """
}
