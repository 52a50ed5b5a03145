// swift-format-ignore-file
// Names whose widths differ in bytes, code points and grapheme clusters: the grid counts
// Swift Characters, as the library does (a decomposed é, a flag, a family emoji, CJK).
let NAMES = Table(
    machine: "Café",
    states: ["🇫🇷", "👨‍👩‍👧", "待機"],
    actions: ["Start", "Über"],
    cells: [
        [.go(target: "待機", effects: ["Ωmega"]), .ignore],
        [.ignore, .emit(effects: ["É"])],
        [.handle, .ignore],
    ],
    initial: "待機"
)
