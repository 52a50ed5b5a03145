/// The three ways `tablint diff` prints a `TableDiff`. Pure.
extension TableDiff {
    /// One compiler-style line per change, at the new cell (at the old line for a removal), so
    /// that an editor jumps to it: `Timer.tb.swift:9:22: note: Timer: (Idle, Start): IGNORE → HANDLE`.
    var text: String {
        machines.flatMap { machine in
            machine.changes.map { change in
                "\(change.place.path):\(change.place.line):\(change.place.column): note: \(machine.title): \(change.sentence)\n"
            }
        }.joined()
    }

    /// A table per machine that changed, for a pull-request comment; "No behaviour change." when
    /// nothing did.
    var markdown: String {
        let changed = machines.filter { !$0.changes.isEmpty }
        guard !changed.isEmpty else { return "No behaviour change.\n" }
        return changed.map { machine in
            var text = "### \(machine.isPin ? "Pin " : "")\(MarkdownExport.code(machine.name))\n\n"
            text += "| Change | Before | After | Where |\n|---|---|---|---|\n"
            for change in machine.changes {
                let what: String
                switch change.kind {
                case .cellChanged: what = MarkdownExport.code(change.subject)
                case .initialChanged: what = "initial state"
                case .machineAdded, .stateAdded, .actionAdded: what = change.subject + " added"
                case .machineRemoved, .stateRemoved, .actionRemoved: what = change.subject + " removed"
                }
                text += "| " + [what, cell(change.old), cell(change.new),
                    MarkdownExport.code("\(change.place.path):\(change.place.line)")].map(MarkdownExport.escaped).joined(separator: " | ") + " |\n"
            }
            return text
        }.joined(separator: "\n")
    }

    private func cell(_ value: String?) -> String {
        guard let value, !value.isEmpty else { return "" }
        return MarkdownExport.code(value)
    }

    /// `{"changed": Bool, "machines": [...]}`, documented in the README.
    var json: String {
        JSONText.object([
            "changed": .bool(hasChanges),
            "machines": .array(machines.filter { !$0.changes.isEmpty }.map { machine in
                .orderedObject([
                    ("machine", .string(machine.name)), ("pin", .bool(machine.isPin)),
                    ("oldPath", machine.oldPath.map { .string($0) } ?? .null),
                    ("newPath", machine.newPath.map { .string($0) } ?? .null),
                    ("changes", .array(machine.changes.map { change in
                        .orderedObject([
                            ("kind", .string(change.kind.rawValue)), ("subject", .string(change.subject)),
                            ("state", change.state.map { .string($0) } ?? .null),
                            ("action", change.action.map { .string($0) } ?? .null),
                            ("old", change.old.map { .string($0) } ?? .null),
                            ("new", change.new.map { .string($0) } ?? .null),
                            ("path", .string(change.place.path)), ("line", .int(change.place.line)),
                            ("column", .int(change.place.column)),
                        ])
                    })),
                ])
            }),
        ]).rendered
    }
}
