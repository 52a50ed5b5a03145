protocol DoorHandlers {
    func move(_ ctx: DoorCtx) -> Step<DoorS, DoorF>
}
