// swift-format-ignore-file
// A column header over a row with wide characters: tablint aligns by display width and places
// the labels; the library's formatter then re-pads that row by scalars. The header still sits
// over the other rows' cells, so tablint leaves it there and the chain settles in one pass.
let VEND_TABLE = Table(
    machine: "自販機",
    states: ["待機", "支払済", "売切"],
    actions: ["硬貨", "選択"],
    cells: [
        // 硬貨 選択
        [.go(target: "支払済", effects: ["🇯🇵"]), .ignore],
        [.ignore, .go(target: "待機", effects: ["👨‍👩‍👧"])],
        [.ignore, .handle],
    ],
    initial: "待機"
)
