/// How `tablint paths` writes a machine's paths: text (one line per path), JSON, and Swift
/// (`@Path` attributes for an `@Machine` enum, a test function for a `Table` machine). Pure:
/// a graph and its paths in, text out.
enum PathsFormat {
    /// One machine with what was found for it.
    struct Machine {
        var graph: MachineGraph
        var paths: MachinePaths
        /// For a `Table` machine's test: the dispatcher's state and action types as written
        /// (`Turnstile.S`), when a `step` dispatcher of the machine was read; else guessed.
        var stateType: String?
        var actionType: String?
        /// The states whose case carries a payload (by state index), with its fields, as the
        /// run's state enum declares them: a value of such a state cannot be written from the
        /// matrix, and a `@Path` hop through a `HANDLE` into one is the library's `go-target`.
        var payloads: [Int: [EnumDeclaration.PayloadField]]

        init(
            graph: MachineGraph, paths: MachinePaths? = nil, stateType: String? = nil, actionType: String? = nil,
            payloads: [Int: [EnumDeclaration.PayloadField]] = [:]
        ) {
            self.graph = graph
            self.paths = paths ?? MachinePaths(graph)
            self.stateType = stateType
            self.actionType = actionType
            self.payloads = payloads
        }
    }

    /// Case names written in backticks after a `.`: `.init` is read as an initializer call,
    /// and after a type's `.` the other four name the type itself. Backticks are legal on
    /// every name, so escaping one that did not need it is harmless.
    static let namesNeedingBackticks: Set<String> = ["init", "self", "Self", "Type", "Protocol"]

    /// `.locked`, or `.`init`` for a case named by a keyword.
    static func member(_ name: String) -> String {
        namesNeedingBackticks.contains(name) ? ".`\(name)`" : "." + name
    }

    /// `text` as a Swift string literal's contents.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    static func location(_ origin: MachineGraph.Origin) -> String {
        "\(origin.path):\(origin.start.line):\(origin.start.column)"
    }

    static func pathName(_ graph: MachineGraph, _ path: MachinePaths.Path, coverNumber: Int) -> String {
        switch path.purpose {
        case .reach(let state): return "reach \(graph.states[state])"
        case .cover: return "cover \(coverNumber)"
        }
    }

    /// Every path of a machine, reach paths first, with the name each is shown by.
    static func namedPaths(_ machine: Machine) -> [(name: String, path: MachinePaths.Path)] {
        var named: [(String, MachinePaths.Path)] = machine.paths.reach.map { (pathName(machine.graph, $0, coverNumber: 0), $0) }
        for (index, path) in machine.paths.cover.enumerated() {
            named.append((pathName(machine.graph, path, coverNumber: index + 1), path))
        }
        return named
    }

    /// The steps that follow an outcome read from code (a `HANDLE` implementation's
    /// `return`, a dispatcher arm): which step (from 0 here; text and JSON both number from
    /// 1, as a person counts actions), and where the outcome was read.
    static func dynamicSteps(_ graph: MachineGraph, _ path: MachinePaths.Path) -> [(step: Int, origin: MachineGraph.Origin?)] {
        path.steps.enumerated().compactMap { index, step in
            let outcome = graph.cells[step.from][step.action].outcomes[step.outcome]
            return outcome.isDynamic ? (index, outcome.origin) : nil
        }
    }

    // MARK: Text

    /// `Turnstile (Sources/Turnstile.swift:4:5), initial Locked`, then one line per path:
    /// `  reach Unlocked: Locked -Coin-> Unlocked`.
    static func text(_ machines: [Machine]) -> String {
        var text = ""
        for (index, machine) in machines.enumerated() {
            let graph = machine.graph
            if index > 0 { text += "\n" }
            text += "\(graph.machine) (\(graph.path):\(graph.stateOrigins.first.map { "\($0.start.line)" } ?? "1")), "
            guard let initial = graph.initial else {
                text += "no initial state: nothing is reachable, no path is given\n"
                continue
            }
            text += "initial \(graph.states[initial])\n"
            for (name, path) in namedPaths(machine) {
                var line = "  \(name): \(graph.states[initial])"
                for step in path.steps { line += " -\(graph.actions[step.action])-> \(graph.states[step.to])" }
                let dynamic = dynamicSteps(graph, path)
                if !dynamic.isEmpty {
                    line += "  [read from code: " + dynamic.map { item in
                        "step \(item.step + 1)" + (item.origin.map { " at \(location($0))" } ?? "")
                    }.joined(separator: ", ") + "]"
                }
                text += line + "\n"
            }
            for cell in machine.paths.uncovered {
                text += "  uncovered \(graph.cellLabel(state: cell.state, action: cell.action)): \(cell.reason.rawValue) (\(cell.detail))\n"
            }
            for cell in machine.paths.unknown {
                let origin = graph.cells[cell.state][cell.action].origin
                text += "  unknown \(graph.cellLabel(state: cell.state, action: cell.action)) at \(location(origin)): \(cell.reason)\n"
            }
            text += "  tour: \(summary(machine.paths))\n"
        }
        return text
    }

    /// `2 sequences, 7 steps to fire 6 outcomes (at least 6 steps; 1.17 × the minimum)`.
    static func summary(_ paths: MachinePaths) -> String {
        let sequences = paths.cover.count
        let steps = paths.coverSteps
        var text = "\(sequences) \(sequences == 1 ? "sequence" : "sequences"), \(steps) \(steps == 1 ? "step" : "steps") to fire \(paths.itemCount) \(paths.itemCount == 1 ? "outcome" : "outcomes")"
        if paths.itemCount > 0 {
            text += " (at least \(paths.itemCount) \(paths.itemCount == 1 ? "step" : "steps"); \(ratio(steps, paths.itemCount)) × the minimum)"
        }
        return text
    }

    /// `1.17`: two decimals, without Foundation's formatting.
    static func ratio(_ numerator: Int, _ denominator: Int) -> String {
        let hundredths = (numerator * 100 + denominator / 2) / denominator
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    // MARK: JSON

    static func json(_ machines: [Machine]) -> String {
        JSONText.array(machines.map { machine in
            let graph = machine.graph
            let initial = graph.initial
            let paths: [JSONText] = namedPaths(machine).map { _, path in
                var fields: [(key: String, value: JSONText)] = [
                    ("actions", .array(path.steps.map { .string(graph.actions[$0.action]) })),
                    ("visits", .array(initial.map { path.visits(from: $0).map { JSONText.string(graph.states[$0]) } } ?? [])),
                ]
                switch path.purpose {
                case .reach(let state):
                    fields.append(("purpose", .string("reach")))
                    fields.append(("state", .string(graph.states[state])))
                case .cover:
                    fields.append(("purpose", .string("cover")))
                }
                fields.append(("dynamic", .array(dynamicSteps(graph, path).map { item in
                    .orderedObject([("step", .int(item.step + 1)), ("at", item.origin.map { .string(location($0)) } ?? .null)])
                })))
                return .orderedObject(fields)
            }
            return .orderedObject([
                ("machine", .string(graph.machine)),
                ("path", .string(graph.path)),
                ("initial", initial.map { .string(graph.states[$0]) } ?? .null),
                ("paths", .array(paths)),
                ("uncovered", .array(machine.paths.uncovered.map { cell in
                    .orderedObject([
                        ("cell", .string(graph.cellLabel(state: cell.state, action: cell.action))),
                        ("state", .string(graph.states[cell.state])),
                        ("action", .string(graph.actions[cell.action])),
                        ("reason", .string(cell.reason.rawValue)),
                        ("detail", .string(cell.detail)),
                    ])
                })),
                ("unknown", .array(machine.paths.unknown.map { cell in
                    .orderedObject([
                        ("cell", .string(graph.cellLabel(state: cell.state, action: cell.action))),
                        ("state", .string(graph.states[cell.state])),
                        ("action", .string(graph.actions[cell.action])),
                        ("at", .string(location(graph.cells[cell.state][cell.action].origin))),
                        ("reason", .string(cell.reason)),
                    ])
                })),
                ("tour", .orderedObject([
                    ("sequences", .int(machine.paths.cover.count)),
                    ("steps", .int(machine.paths.coverSteps)),
                    ("outcomes", .int(machine.paths.itemCount)),
                ])),
            ])
        }).rendered
    }

    // MARK: Swift

    enum TestFramework { case xctest, swiftTesting }

    static func swift(_ machines: [Machine], framework: TestFramework) -> String {
        var parts: [String] = []
        let tables = machines.filter { $0.graph.surface != .machineEnum }
        for machine in machines where machine.graph.surface == .machineEnum { parts.append(pathAttributes(machine)) }
        if !tables.isEmpty {
            parts.append((framework == .xctest ? "import XCTest\n" : "import Testing\n")
                + tables.map { "\n" + testFunction($0, framework: framework) }.joined())
        }
        return parts.joined(separator: "\n")
    }

    /// What writing a step as an `@Path` hop does.
    enum HopWriting: Equatable {
        /// The cell is a `GO` to the hop's target or a `DELEGATE`: the path only names it.
        case kept
        /// The cell is a `HANDLE` with this one outcome: the library's derivation makes it a
        /// `GO` to the target once the path is written; said beside the path.
        case derived(note: String)
        /// The hop cannot be written: why, said in place of the path.
        case refused(reason: String)
    }

    /// How a step would be written as an `@Path` hop; nil when it cannot be one at all (the
    /// library's `path-broken` accepts `HANDLE`, `DELEGATE` and a `GO` to the next state only,
    /// so an `EMIT` step, which stays, is left out of the spine). A hop through a `HANDLE`
    /// makes it `GO(to)` (the library's derivation), which is refused where it would change
    /// what the machine can do: into a state with a payload (the library's `go-target`), or
    /// when the implementation has other outcomes (or some it cannot read), which the `GO` drops.
    static func hopWriting(_ machine: Machine, _ step: MachinePaths.Path.Step) -> HopWriting? {
        let graph = machine.graph
        let cell = graph.cells[step.from][step.action]
        switch cell.kind {
        case .go, .delegate: return .kept
        case .handle: break
        default: return nil
        }
        let label = graph.cellLabel(state: step.from, action: step.action)
        let target = graph.states[step.to]
        if machine.payloads[step.to] != nil {
            return .refused(reason: "the hop would make HANDLE \(label) a GO to `\(target)`, which carries a payload (the library's go-target)")
        }
        if cell.isUnknown {
            return .refused(reason: "not every outcome of HANDLE \(label) could be read, and a hop would make it a GO to one")
        }
        func returned(_ outcome: MachineGraph.Outcome) -> String {
            "`\(graph.states[outcome.target])`" + (outcome.effects.isEmpty ? "" : " with \(effectList(outcome.effects))")
                + (outcome.origin.map { " at \(location($0))" } ?? "")
        }
        if cell.outcomes.count > 1 {
            return .refused(reason: "HANDLE \(label) returns " + cell.outcomes.map(returned).joined(separator: " and ")
                + ", and a hop would make it a GO to one of them")
        }
        let outcome = cell.outcomes[step.outcome]
        if !outcome.effects.isEmpty {
            return .refused(reason: "HANDLE \(label) returns \(returned(outcome)), and the hop would make it a GO to `\(target)` without the effects")
        }
        let member = NameCasing.lowerFirst(graph.states[step.from]) + NameCasing.upperFirst(graph.actions[step.action])
        return .derived(note: "makes HANDLE \(label) a GO to `\(target)`, so `\(member)` is no longer called")
    }

    /// "effects `creak`", "effects `creak`, `beep`".
    static func effectList(_ effects: [String]) -> String {
        (effects.count == 1 ? "effect " : "effects ") + effects.map { "`\($0)`" }.joined(separator: ", ")
    }

    /// Whether a state's row cannot be left (no `HANDLE`, `DELEGATE` or `GO` elsewhere): where
    /// the library's `path-unterminated` lets a `@Path` end.
    static func isDone(_ graph: MachineGraph, _ state: Int) -> Bool {
        graph.cells[state].allSatisfy { cell in
            switch cell.kind {
            case .handle, .delegate, .unknown: return false
            case .go: return (0..<cell.outcomeCount).allSatisfy { cell.target($0) == state }
            default: return true
            }
        }
    }

    /// The shortest way on from `state` to a state that cannot be left, through hops that may
    /// be written (or, with `refusedToo`, through any hop a `@Path` may name).
    static func wayToDone(_ machine: Machine, from state: Int, refusedToo: Bool = false) -> [MachinePaths.Path.Step]? {
        let graph = machine.graph
        var via: [Int: [MachinePaths.Path.Step]] = [state: []]
        var queue = [state]
        var head = 0
        while head < queue.count {
            let here = queue[head]
            head += 1
            if isDone(graph, here) { return via[here] }
            for (action, cell) in graph.cells[here].enumerated() where cell.isFireable {
                for which in 0..<cell.outcomeCount where via[cell.target(which)] == nil {
                    let target = cell.target(which)
                    let step = MachinePaths.Path.Step(action: action, outcome: which, from: here, to: target)
                    switch hopWriting(machine, step) {
                    case nil: continue
                    case .refused?: if !refusedToo { continue }
                    case .kept?, .derived?: break
                    }
                    via[target] = via[here]! + [step]
                    queue.append(target)
                }
            }
        }
        return nil
    }

    /// `@Path("cover-1", [.locked, .coin, .unlocked])` lines for the enum's attribute list. A
    /// step through an `EMIT` cell cannot be a hop, so it is left out (and said); each path is
    /// carried on to a state that cannot be left, where one can be reached, so that the
    /// library accepts it as a happy path. Only a path tablint and the library accept once
    /// written is written as an attribute: any other is written commented out, saying why.
    static func pathAttributes(_ machine: Machine) -> String {
        let graph = machine.graph
        var text = "// @Path attributes for `\(graph.machine)` (\(graph.path)), from `tablint paths`: write them beside `@Machine`.\n"
        guard let initial = graph.initial else { return text + "// `\(graph.machine)` names no initial state: no path.\n" }
        var written: [String: String] = [:]
        // A name the enum already has cannot be written again (the library's path-duplicate);
        // a walk it already has is not written twice.
        var taken = Set(graph.writtenPaths.keys)
        let writtenNames = graph.writtenPaths.keys.sorted()
        // `initial` itself is no path; the tour's own sequences come after the reach paths.
        for (name, path) in namedPaths(machine) where !path.steps.isEmpty {
            var hops = path.steps.filter { hopWriting(machine, $0) != nil }
            let left = path.steps.count - hops.count
            let end = hops.last?.to ?? initial
            // The way on through hops that may be written; else any way on, which then says
            // which of its hops cannot be.
            let onward = wayToDone(machine, from: end) ?? wayToDone(machine, from: end, refusedToo: true)
            hops += onward ?? []
            guard !hops.isEmpty else { continue }
            var spine = [member(graph.states[initial])]
            for hop in hops { spine += [member(graph.actions[hop.action]), member(graph.states[hop.to])] }
            var notes: [String] = []
            var refusals: [String] = []
            if left > 0 { notes.append("\(left) EMIT \(left == 1 ? "step" : "steps") left out") }
            for hop in hops {
                switch hopWriting(machine, hop) {
                case .derived(let note)?: if !notes.contains(note) { notes.append(note) }
                case .refused(let reason)?: if !refusals.contains(reason) { refusals.append(reason) }
                case .kept?, nil: break
                }
            }
            if onward == nil {
                refusals.append("it ends at `\(graph.states[hops.last!.to])`, which can still be left, and no state that cannot be left is reached from there (the library's path-unterminated)")
            }
            let base = name.replacingOccurrences(of: " ", with: "-")
            let spineText = spine.joined(separator: ", ")
            if let same = written[spineText] {
                text += "// \(base): the same walk as \(same)\n"
                continue
            }
            let plainSpine = [graph.states[initial]] + hops.flatMap { [graph.actions[$0.action], graph.states[$0.to]] }
            if let same = writtenNames.first(where: { graph.writtenPaths[$0] == plainSpine }) {
                written[spineText] = "the enum's `@Path(\"\(same)\")`"
                text += "// \(base): the same walk as the enum's `@Path(\"\(same)\")`\n"
                continue
            }
            var label = base
            var suffix = 2
            while taken.contains(label) {
                label = "\(base)-\(suffix)"
                suffix += 1
            }
            taken.insert(label)
            written[spineText] = label
            let attribute = "@Path(\"\(escaped(label))\", [\(spineText)])"
            if refusals.isEmpty {
                text += attribute + (notes.isEmpty ? "" : "  // " + notes.joined(separator: "; ")) + "\n"
            } else {
                text += "// " + attribute + "  // not written: " + refusals.joined(separator: "; ") + "\n"
            }
        }
        return text
    }

    /// An identifier made of the machine's name: `Turnstile`, `Order_v2`.
    static func identifier(_ name: String) -> String {
        let kept = name.unicodeScalars.map { scalar -> Character in
            (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_") ? Character(scalar) : "_"
        }
        let text = String(kept)
        return text.first.map { $0.isNumber } ?? true ? "_" + text : text
    }

    /// A test that drives the dispatcher through every sequence from `initial` and checks the
    /// state after each action by its case name (states with payloads compare by case). The
    /// dispatcher is called through `step(_:_:expecting:)`, which the project writes once in an
    /// extension of the test type, with the cells and context to test with: tablint cannot know
    /// them, and the generated file can be written again without losing it. Each call is told
    /// what the step should do (`Expected`): a `HANDLE` with several outcomes is passed along
    /// each, with the same action from the same state, so only the cells can choose the branch,
    /// and a step along an outcome read from code names the `return` it was read from. An
    /// initial state with a payload cannot be written from the matrix: the project writes
    /// `initialState()` beside `step`.
    static func testFunction(_ machine: Machine, framework: TestFramework) -> String {
        let graph = machine.graph
        let name = identifier(graph.machine)
        let stateType = machine.stateType ?? "\(name).S"
        let actionType = machine.actionType ?? "\(name).A"
        func caseName(_ text: String) -> String {
            graph.surface == .machineEnum ? text : NameCasing.lowerFirst(text)
        }
        guard let initial = graph.initial else {
            return "// `\(graph.machine)` (\(graph.path)) names no initial state: no sequence to test.\n"
        }
        var sequences = ""
        for (label, path) in namedPaths(machine) where !path.steps.isEmpty {
            sequences += "        (\"\(escaped(label))\", [\n"
            for step in path.steps {
                let cell = graph.cells[step.from][step.action]
                let outcome = cell.outcomes[step.outcome]
                let returned = outcome.isDynamic ? outcome.origin.map(location) : nil
                var line = "            (\(member(caseName(graph.actions[step.action]))), \"\(escaped(caseName(graph.states[step.to])))\", "
                    + (returned.map { "\"\(escaped($0))\"" } ?? "nil") + "),"
                if outcome.isDynamic {
                    let kind = cell.kind == .handle ? "HANDLE" : "the cell"
                    let does = step.to == step.from ? "stays at \(graph.states[step.to])" : "goes to \(graph.states[step.to])"
                    line += "  // \(kind) \(graph.cellLabel(state: step.from, action: step.action)) \(does)" + (returned.map { ": returned at \($0)" } ?? "")
                }
                sequences += line + "\n"
            }
            sequences += "        ]),\n"
        }
        let start: String
        var initialNote = ""
        if let fields = machine.payloads[initial] {
            start = "initialState()"
            let arguments = fields.map { ($0.label.map { $0 + ": " } ?? "") + "…" }.joined(separator: ", ")
            initialNote = """
                /// `\(graph.states[initial])` carries a payload the matrix cannot give: write `initialState()`
                /// beside `step`, the state each sequence starts from: `func initialState() -> \(stateType) { \(member(caseName(graph.states[initial])))(\(arguments)) }`.

                """
        } else {
            start = member(caseName(graph.states[initial]))
        }
        let header = """
            /// Generated by `tablint paths --format swift` for `\(graph.machine)` (\(graph.path)): each
            /// sequence drives the dispatcher from `initial` and checks the state after every action.
            /// Write `step(_:_:expecting:)` once, in an extension of `\(name)PathTests`, with the cells
            /// and context to test with: `func step(_ s: \(stateType), _ a: \(actionType), expecting expected: Expected) -> Step<…> { … }`.
            /// A step through a HANDLE cell says which outcome it expects (`expected.state`, and
            /// `expected.returnedAt`, where that outcome is returned): make the cells take that branch.

            """ + initialNote
        // The case a state is in, by pattern (a payload matches whatever it carries), not by
        // its description, which a `CustomStringConvertible` state enum writes as it likes.
        var named: [Int] = [initial]
        for (_, path) in namedPaths(machine) { for step in path.steps where !named.contains(step.to) { named.append(step.to) } }
        let caseTests = named.map { state -> String in
            let name = caseName(graph.states[state])
            return "    if case \(member(name)) = state { return \"\(escaped(name))\" }"
        }.joined(separator: "\n")
        let expected = """
            /// What `step(_:_:expecting:)` is told of each step: the sequence and the step's place in
            /// it, the case the state should be in after it, and for an outcome read from code (a
            /// HANDLE implementation's `return`) where it is returned, `file:line:column`.
            struct Expected {
                var sequence: String
                var index: Int
                var state: String
                var returnedAt: String?
            }

            /// The case `state` is in, matched by pattern: its description may be anything.
            static func caseName(of state: \(stateType)) -> String? {
            \(caseTests)
                return nil
            }


            """
        let body = """
                let sequences: [(name: String, steps: [(action: \(actionType), state: String, returnedAt: String?)])] = [
            \(sequences)    ]
                for sequence in sequences {
                    var state: \(stateType) = \(start)
                    for (index, planned) in sequence.steps.enumerated() {
                        let expected = Expected(sequence: sequence.name, index: index, state: planned.state, returnedAt: planned.returnedAt)
                        if case .go(let next, _) = step(state, planned.action, expecting: expected) { state = next }
                        let reached = Self.caseName(of: state) ?? String(describing: state)
                        \(framework == .xctest ? "XCTAssertEqual(reached, planned.state, " : "#expect(reached == planned.state, ")"\\(sequence.name): after action \\(index + 1), .\\(planned.action)")
                    }
                }

            """
        switch framework {
        case .xctest:
            return header + "final class \(name)PathTests: XCTestCase {\n" + indent(expected, by: 4)
                + "    func test\(name)Paths() {\n" + indent(body, by: 4) + "    }\n}\n"
        case .swiftTesting:
            return header + "struct \(name)PathTests {\n" + indent(expected, by: 4)
                + "    @Test func \(NameCasing.lowerFirst(name))Paths() {\n" + indent(body, by: 4) + "    }\n}\n"
        }
    }

    static func indent(_ text: String, by spaces: Int) -> String {
        let pad = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n")
    }
}

extension MachinePaths.Path {
    typealias Step = MachineGraph.Step
}
