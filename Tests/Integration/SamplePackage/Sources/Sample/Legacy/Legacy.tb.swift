// swift-format-ignore-file
// A mistake the package's .tablint excludes (--exclude Sources/Sample/Legacy): neither the
// build-tool plugin nor `swift package tablint` may report it, nor `tablint-fix` align it.
public enum Legacy {
    public static let TABLE = Table(
        machine: "Legacy",
        states: ["Old", "Older"],
        actions: ["Age"],
        cells: [
            [.go(target: "Older", effects: [])],
            [.ignore, .ignore],
        ],
        initial: "Old"
    )
}
