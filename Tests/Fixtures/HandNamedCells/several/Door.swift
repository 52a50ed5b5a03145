// Composition of several protocols: `DoorCells` gathers its members from `DoorHandlers` and
// `DoorAlarms`, declared in other files, and one member serves two HANDLE cells. Correct.

enum DoorS { case shut, open }
enum DoorA { case push, pull, kick }
enum DoorF {}
final class DoorCtx {}

protocol DoorCells: DoorHandlers, DoorAlarms {}

func doorStep(_ c: DoorCells, _ ctx: DoorCtx, _ s: DoorS, _ a: DoorA) -> Step<DoorS, DoorF> {
    switch (s, a) {
    case (.shut, .push): return c.move(ctx)
    case (.shut, .pull): return c.move(ctx)
    case (.shut, .kick): return c.sound(ctx)
    case (.open, .push): return .ignored
    case (.open, .pull): return .go(.shut, effects: [])
    case (.open, .kick): return .ignored
    }
}

let DOOR_TABLE = Table(
    machine: "Door",
    states: ["Shut", "Open"],
    actions: ["Push", "Pull", "Kick"],
    cells: [
        [.handle, .handle, .handle],
        [.ignore, .go(target: "Shut", effects: []), .ignore],
    ],
    initial: "Shut"
)
