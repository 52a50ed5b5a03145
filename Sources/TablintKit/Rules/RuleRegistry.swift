/// Every rule tablint runs, in one list. Adding a rule is adding its file and one line here.
enum RuleRegistry {
    static let all: [Rule] = [
        Encoding(),
        SyntaxRule(),
        UnreadableMatrix(),
        FixtureSyntax(),
        FixtureMisread(),
        MissingRow(),
        ExtraRow(),
        RowArity(),
        UnknownState(),
        EmptyEmit(),
        UnknownCell(),
        DuplicateName(),
        MachineSyntax(),
        IgnoredPath(),
        GoTarget(),
        UnknownEffect(),
        MemberCollision(),
        PathDuplicate(),
        PathUnknownState(),
        PathBroken(),
        PathUnterminated(),
        NoStaticEntry(),
        DeadRow(),
        NoStaticExit(),
        DeadColumn(),
        IgnoreHeavy(),
        UnreachableHeavy(),
        PayloadHoist(),
        DispatcherDefault(),
        DispatcherDrift(),
        CellsDrift(),
        EnumDrift(),
        MachineName(),
        PinDrift(),
        AmbiguousPairing(),
        Alignment(),
        Unformattable(),
        HeaderLabels(),
        FormatIgnoreDirective(),
        UnusedSuppression(),
    ]

    /// The rule with this code, written with or without its namespace.
    static func rule(named code: String) -> Rule? {
        all.first { $0.code == code || $0.name == code }
    }
}
