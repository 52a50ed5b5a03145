// A hand-named `Cells` protocol (the members are the authors' own) that is inconsistent
// under the pairing the dispatcher's arms make: `onKick` is called but not required,
// `onShake` is required but called by no arm, and `onAny` serves a HANDLE cell and a
// DELEGATE one. The generator's names (`shutPush`, `openPullToChild`) are never asked for.

enum GateS { case shut, open }
enum GateA { case push, pull, kick }
enum GateF {}
final class GateCtx {}

protocol GateCells: GateBaseCells, LatchCells {
    func latchChildState(_ ctx: GateCtx) -> LatchS
    func latchEmbed(_ ctx: GateCtx, _ child: LatchS) -> GateS
    func latchLift(_ ctx: GateCtx, _ effect: LatchF) -> GateA?
    func latchChildCtx(_ ctx: GateCtx) -> LatchCtx
    func onAny(_ ctx: GateCtx) -> Step<GateS, GateF>
    func onShake(_ ctx: GateCtx) -> Step<GateS, GateF>
}

let GATE_TABLE = Table(
    machine: "Gate",
    states: ["Shut", "Open"],
    actions: ["Push", "Pull", "Kick"],
    cells: [
        [.handle, .handle, .handle],
        [.ignore, .delegate(child: "latch"), .ignore],
    ],
    initial: "Shut"
)
