// swift-format-ignore-file
// 44 of 63 cells IGNORE is 69.8%: the library divides integers, so it is 69% and quiet
// (rounding would make it 70%).
let WIDE_TABLE = Table(
    machine: "Wide",
    states: ["S1", "S2", "S3", "S4", "S5", "S6", "S7"],
    actions: ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9"],
    cells: [
        [.handle, .handle, .handle, .ignore, .ignore, .ignore, .ignore, .ignore, .ignore],
        [.ignore, .ignore, .ignore, .handle, .handle, .handle, .ignore, .ignore, .ignore],
        [.ignore, .ignore, .ignore, .ignore, .ignore, .ignore, .handle, .handle, .handle],
        [.handle, .handle, .ignore, .ignore, .ignore, .ignore, .ignore, .ignore, .ignore],
        [.ignore, .ignore, .handle, .handle, .handle, .ignore, .ignore, .ignore, .ignore],
        [.ignore, .ignore, .ignore, .ignore, .handle, .handle, .ignore, .ignore, .ignore],
        [.ignore, .ignore, .ignore, .ignore, .ignore, .ignore, .handle, .handle, .handle],
    ],
    initial: "S1"
)
