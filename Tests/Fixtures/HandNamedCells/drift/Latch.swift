enum LatchS { case up }
enum LatchA { case drop }
enum LatchF {}
final class LatchCtx {}

protocol LatchCells {
    func upDrop(_ ctx: LatchCtx) -> Step<LatchS, LatchF>
}

let LATCH_TABLE = Table(machine: "Latch", states: ["Up"], actions: ["Drop"], cells: [[.handle]], initial: "Up")
