// swift-format-ignore-file
// `@Machine` on a class: `final` is a modifier and `class` the kind of declaration found.
@Machine
final class Window {
    enum S { case shut, open }
    enum A { case push }
    static let initial = S.shut
}
