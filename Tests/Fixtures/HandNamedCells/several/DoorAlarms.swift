protocol DoorAlarms: AnyObject {
    func sound(_ ctx: DoorCtx) -> Step<DoorS, DoorF>
}
