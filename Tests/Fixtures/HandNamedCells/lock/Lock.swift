// A hand-written machine as the library writes them: its `Cells` members are named by their
// authors (`onUnlock`, `onKnock`), and the dispatcher in another file calls them. Correct.

enum Lock {
    enum S { case locked, open }
    enum A { case unlock, knock, close }
    enum F { case chime }
    final class Ctx {}

    static let TABLE = Table(
        machine: "Lock",
        states: ["Locked", "Open"],
        actions: ["Unlock", "Knock", "Close"],
        cells: [
            [.handle, .handle, .ignore],
            [.ignore, .emit(effects: ["Chime"]), .go(target: "Locked", effects: [])],
        ],
        initial: "Locked"
    )
}
