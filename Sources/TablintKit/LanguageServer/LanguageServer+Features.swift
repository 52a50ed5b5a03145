/// The requests on a document: formatting, code actions, hover, definition, inlay hints.
extension LanguageServer {
    static let fixAllKind = "source.fixAll.tablint"

    func offset(_ params: JSONValue, in document: OpenDocument) throws -> Int {
        guard let position = LSPPosition(params["position"]) else {
            throw ResponseError(.invalidParams, "position (line and character, whole numbers) is missing")
        }
        return document.text.offset(of: position, encoding)
    }

    /// The byte range of `params.range`, or nil if there is none.
    func byteRange(_ range: JSONValue?, in document: OpenDocument) throws -> Range<Int>? {
        guard let range, range != .null else { return nil }
        guard let start = LSPPosition(range["start"]), let end = LSPPosition(range["end"]) else {
            throw ResponseError(.invalidParams, "range needs start and end positions")
        }
        let from = document.text.offset(of: start, encoding)
        return from..<max(from, document.text.offset(of: end, encoding))
    }

    func textEditJSON(_ edit: TextEdit, in buffer: TextBuffer) -> JSONValue {
        .object([
            "range": buffer.range(edit.range, encoding),
            "newText": .string(String(decoding: edit.replacement, as: UTF8.self)),
        ])
    }

    // MARK: Formatting

    /// What `tablint --fix` (`unsafe`: `--fix --unsafe-fixes`) would write for the document,
    /// from the engine over the workspace, narrowed to the diagnostics `selecting` accepts; nil
    /// when nothing changes. A refusal is shown once, saying why; `refusal` receives it.
    func fixedText(
        _ document: OpenDocument, unsafe: Bool = false, selecting: ((Diagnostic) -> Bool)? = nil,
        quietly: Bool = false, refusal: ((String) -> Void)? = nil
    ) -> [UInt8]? {
        guard let settings = settings(of: document) else { return nil }
        let given = Engine.Document(path: document.path, bytes: document.text.bytes, settings: settings)
        guard let result = Engine.fix([given], in: workspace, unsafeFixes: unsafe, selecting: selecting).first else { return nil }
        if let failure = result.failure {
            refusal?(failure)
            if !quietly { show("tablint did not format \(displayName(document)): \(failure)", type: .warning) }
            return nil
        }
        if result.fixed == nil, selecting == nil,
            let refused = result.diagnostics.first(where: { $0.code == Unformattable().code && $0.fix == nil })
        {
            if !quietly { show("tablint did not format \(displayName(document)): \(refused.start.line):\(refused.start.column): \(refused.message)", type: .warning) }
            return nil
        }
        return result.fixed
    }

    /// The formatter's output for the document (`tablint --fix`), as edits; nil when nothing
    /// changes.
    func formattingEdits(_ document: OpenDocument, selecting: ((Diagnostic) -> Bool)? = nil) -> [TextEdit]? {
        fixedText(document, selecting: selecting).map { Self.lineEdits(from: document.text.bytes, to: $0) }
    }

    func displayName(_ document: OpenDocument) -> String {
        PathText.relative(document.path, to: currentDirectory) ?? document.path
    }

    /// Formatting is `--fix`'s safe fixes; range formatting those of the matrices the range
    /// touches (a fix's subject: its whole matrix), as `--fix` would apply them.
    func formatting(_ params: JSONValue, range: JSONValue?) throws -> JSONValue {
        let document = try self.document(params)
        let requested = try byteRange(range, in: document)
        let selecting = requested.map { requested in
            { (diagnostic: Diagnostic) -> Bool in
                guard let fix = diagnostic.fix else { return false }
                let subject = fix.subject ?? Self.hull(fix.edits.map(\.range) + [diagnostic.start.offset..<diagnostic.end.offset])
                return subject.lowerBound <= requested.upperBound && requested.lowerBound <= subject.upperBound
            }
        }
        guard let edits = formattingEdits(document, selecting: selecting) else { return .array([]) }
        return .array(edits.map { textEditJSON($0, in: document.text) })
    }

    static func hull(_ ranges: [Range<Int>]) -> Range<Int> {
        let lower = ranges.map(\.lowerBound).min() ?? 0
        return lower..<max(lower, ranges.map(\.upperBound).max() ?? 0)
    }

    /// Edits that turn `old` into `new`: one per changed line when the lines correspond (the
    /// formatter changes lines in place and may insert lines at the top), each trimmed to the
    /// bytes that differ; otherwise one edit over the span that differs. Checked by applying.
    static func lineEdits(from old: [UInt8], to new: [UInt8]) -> [TextEdit] {
        let oldLines = lineRanges(old)
        let newLines = lineRanges(new)
        let inserted = newLines.count - oldLines.count
        if inserted >= 0, !oldLines.isEmpty {
            var edits: [TextEdit] = []
            if inserted > 0 { edits.append(TextEdit(range: 0..<0, replacement: Array(new[0..<newLines[inserted].lowerBound]))) }
            for (index, oldLine) in oldLines.enumerated() {
                let newLine = newLines[index + inserted]
                if !old[oldLine].elementsEqual(new[newLine]) { edits.append(trimmed(old, oldLine, new, newLine)) }
            }
            if TextEdit.apply(edits, to: old) == new { return edits }
        }
        return old == new ? [] : [trimmed(old, 0..<old.count, new, 0..<new.count)]
    }

    /// Line ranges, each with its line break.
    static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 10 {
            ranges.append(start..<(index + 1))
            start = index + 1
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        return ranges
    }

    /// One edit replacing `oldRange` of `old` by `newRange` of `new`, without their common
    /// first and last bytes (never splitting a UTF-8 character).
    static func trimmed(_ old: [UInt8], _ oldRange: Range<Int>, _ new: [UInt8], _ newRange: Range<Int>) -> TextEdit {
        let limit = min(oldRange.count, newRange.count)
        func isContinuation(_ bytes: [UInt8], _ index: Int, _ range: Range<Int>) -> Bool {
            index < range.upperBound && bytes[index] & 0xC0 == 0x80
        }
        var prefix = 0
        while prefix < limit, old[oldRange.lowerBound + prefix] == new[newRange.lowerBound + prefix] { prefix += 1 }
        while prefix > 0, isContinuation(old, oldRange.lowerBound + prefix, oldRange) || isContinuation(new, newRange.lowerBound + prefix, newRange) {
            prefix -= 1
        }
        var suffix = 0
        while suffix < limit - prefix, old[oldRange.upperBound - 1 - suffix] == new[newRange.upperBound - 1 - suffix] { suffix += 1 }
        while suffix > 0, isContinuation(old, oldRange.upperBound - suffix, oldRange) || isContinuation(new, newRange.upperBound - suffix, newRange) {
            suffix -= 1
        }
        return TextEdit(
            range: (oldRange.lowerBound + prefix)..<(oldRange.upperBound - suffix),
            replacement: Array(new[(newRange.lowerBound + prefix)..<(newRange.upperBound - suffix)]))
    }

    // MARK: Code actions

    func codeActions(_ params: JSONValue) throws -> JSONValue {
        let document = try self.document(params)
        guard let requested = try byteRange(params["range"], in: document) else {
            throw ResponseError(.invalidParams, "codeAction needs a range")
        }
        let only = params["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
        func wanted(_ kind: String) -> Bool {
            guard let only else { return true }
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        var actions: [JSONValue] = []
        if wanted("quickfix") {
            let all = diagnostics(of: document)
            let firstLine = document.text.lines.lineIndex(of: requested.lowerBound) + 1
            let lastLine = document.text.lines.lineIndex(of: requested.upperBound) + 1
            // A fix is offered where its diagnostic is and on every line it changes (an
            // alignment diagnostic sits at its matrix's first line and moves the rows below).
            func fixTouchesRange(_ diagnostic: Diagnostic) -> Bool {
                diagnostic.fix?.edits.contains { edit in
                    document.text.lines.lineIndex(of: edit.range.lowerBound) + 1 <= lastLine
                        && document.text.lines.lineIndex(of: edit.range.upperBound) + 1 >= firstLine
                } ?? false
            }
            for diagnostic in all {
                let onRange = diagnostic.start.line <= lastLine && diagnostic.end.line >= firstLine
                guard onRange || fixTouchesRange(diagnostic) else { continue }
                if let fix = fixAction(diagnostic, in: document, all: all) { actions.append(fix) }
                guard onRange else { continue }
                if let edits = suppression(of: diagnostic, in: document, all: all) {
                    actions.append(action(
                        title: "Suppress \(diagnostic.code) on this line", kind: "quickfix", document: document,
                        diagnostic: diagnostic, edits: edits, preferred: false))
                }
            }
        }
        if wanted(Self.fixAllKind), let edits = formattingEdits(document), !edits.isEmpty {
            actions.append(action(
                title: "Apply every safe tablint fix (as tablint --fix)", kind: Self.fixAllKind, document: document,
                diagnostic: nil, edits: edits, preferred: false))
        }
        return .array(actions)
    }

    /// The quick fix of a diagnostic's own fix: a safe one is preferred; an unsafe one is
    /// offered only with `--unsafe-fixes` (or `unsafeFixes`), and says so in its title. Its edits
    /// are the engine's, proven as `--fix` proves them (for an unsafe one, against the whole
    /// workspace): one the proof refuses is offered disabled, with the reason `--fix` gives.
    func fixAction(_ diagnostic: Diagnostic, in document: OpenDocument, all: [Diagnostic]) -> JSONValue? {
        guard let fix = diagnostic.fix, fix.applicability == .safe || serverOptions.unsafeFixes else { return nil }
        let safe = fix.applicability == .safe
        let title = (safe ? "Fix" : "Fix (unsafe)") + " \(diagnostic.code): \(Self.shortened(diagnostic.message))"
        var refused: String?
        let fixed = fixedText(document, unsafe: !safe, selecting: { $0 == diagnostic }, quietly: true) { refused = $0 }
        if let refused {
            return action(
                title: title, kind: "quickfix", document: document, diagnostic: diagnostic, edits: [], preferred: false,
                disabled: refused)
        }
        guard let fixed else { return nil }
        return action(
            title: title, kind: "quickfix", document: document, diagnostic: diagnostic,
            edits: Self.lineEdits(from: document.text.bytes, to: fixed), preferred: safe)
    }

    static func shortened(_ message: String) -> String {
        let sentence = message.split(separator: ".", maxSplits: 1).first.map(String.init) ?? message
        return sentence.count <= 80 ? sentence : String(sentence.prefix(77)) + "..."
    }

    private func action(
        title: String, kind: String, document: OpenDocument, diagnostic: Diagnostic?, edits: [TextEdit], preferred: Bool,
        disabled: String? = nil
    ) -> JSONValue {
        var members: [String: JSONValue] = ["title": .string(title), "kind": .string(kind)]
        if let disabled {
            members["disabled"] = .object(["reason": .string(disabled)])
        } else {
            members["edit"] = .object(["changes": .object([document.uri: .array(edits.map { textEditJSON($0, in: document.text) })])])
        }
        if let diagnostic { members["diagnostics"] = .array([json(diagnostic, in: document.text)]) }
        if preferred { members["isPreferred"] = .bool(true) }
        return .object(members)
    }

    /// The edits that suppress `diagnostic` on its line with a directive, tried in order and
    /// kept only if linting the result shows one diagnostic of its code fewer and no new
    /// unused suppression:
    /// - for a fixture inside a `"""` literal: `disable` before the literal, `enable` after it
    ///   (nothing is inserted into the string);
    /// - for a matrix's first row under its column header comment: `disable:next` above the
    ///   header (never between the header and its row), else `disable:this` at the row's end;
    /// - otherwise `disable:next` on a line of its own above, else `disable:this` at its end.
    func suppression(of diagnostic: Diagnostic, in document: OpenDocument, all: [Diagnostic]) -> [TextEdit]? {
        guard diagnostic.code != InlineSuppressions.code, diagnostic.code != Encoding().code else { return nil }
        let name = Tablint.bareName(diagnostic.code)
        let text = document.text
        let bytes = text.bytes
        let isFixtureFile = FileKind(path: document.path) == .fixture
        let opener = isFixtureFile ? "#" : "//"
        let line = diagnostic.start.line - 1
        guard line >= 0, line < text.lines.lineCount else { return nil }
        /// The line's own break (CR LF, CR or LF); for a last line without one, the file's first.
        func lineBreak(_ line: Int) -> [UInt8] {
            func breakAt(_ end: Int) -> [UInt8]? {
                guard end < bytes.count else { return nil }
                if bytes[end] == 13 { return end + 1 < bytes.count && bytes[end + 1] == 10 ? [13, 10] : [13] }
                return bytes[end] == 10 ? [10] : nil
            }
            if let own = breakAt(text.lineEnd(line)) { return own }
            return (0..<text.lines.lineCount).lazy.compactMap { breakAt(text.lineEnd($0)) }.first ?? [10]
        }
        func indentation(_ line: Int) -> [UInt8] {
            var index = text.lines.lineStarts[line]
            while index < bytes.count, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
            return Array(bytes[text.lines.lineStarts[line]..<index])
        }
        func lineAbove(_ line: Int, _ directive: String) -> TextEdit {
            let start = text.lines.lineStarts[line]
            return TextEdit(range: start..<start, replacement: indentation(line) + Array("\(opener) \(directive)".utf8) + lineBreak(line))
        }
        func lineBelow(_ line: Int, like model: Int, _ directive: String) -> TextEdit {
            let end = text.lineEnd(line)
            let hasBreak = end < bytes.count
            let insertion = hasBreak ? (line + 1 < text.lines.lineCount ? text.lines.lineStarts[line + 1] : bytes.count) : end
            let body = indentation(model) + Array("\(opener) \(directive)".utf8)
            return TextEdit(range: insertion..<insertion, replacement: hasBreak ? body + lineBreak(line) : [10] + body)
        }
        let atEnd = TextEdit(
            range: text.lineEnd(line)..<text.lineEnd(line), replacement: Array(" // tablint:disable:this \(name)".utf8))

        var candidates: [[TextEdit]] = []
        let context = reading(of: document)
        let tokens = context?.tokens ?? []
        if !isFixtureFile, let context,
            let fixture = context.reading.matrices.first(where: { $0.surface == .fixture && $0.range.contains(diagnostic.start.offset) })
        {
            // The quotes nearest the diagnostic on either side: the literal's opening and closing `"""`.
            let at = diagnostic.start.offset
            guard fixture.range.lowerBound <= at,
                let open = tokens.last(where: { $0.kind == .multilineStringQuote && $0.range.upperBound <= at }),
                let close = tokens.first(where: { $0.kind == .multilineStringQuote && $0.range.lowerBound >= at })
            else { return nil }
            let openLine = text.lines.lineIndex(of: open.range.lowerBound)
            let closeLine = text.lines.lineIndex(of: close.range.lowerBound)
            candidates.append([lineAbove(openLine, "tablint:disable \(name)"), lineBelow(closeLine, like: openLine, "tablint:enable \(name)")])
        } else {
            let header = context.flatMap { context in
                context.matrices.lazy.filter { $0.surface != .fixture }
                    .compactMap { HeaderComment.find($0, file: context.file, pieces: context.tokens) }
                    .first { $0.line + 1 == line }
            }
            let lineStart = text.lines.lineStarts[line]
            // A line that starts inside a string literal gets nothing inserted before it.
            let startsInString = tokens.contains {
                ($0.kind == .stringSegment || $0.kind == .multilineStringQuote) && $0.range.lowerBound < lineStart && lineStart < $0.range.upperBound
            }
            if let header {
                candidates.append([lineAbove(header.line, "tablint:disable:next \(name)")])
            } else if !startsInString {
                candidates.append([lineAbove(line, "tablint:disable:next \(name)")])
            }
            if !isFixtureFile { candidates.append([atEnd]) }
        }
        guard workspace.contains(document.path) else { return nil }
        let before = all.filter { $0.code == diagnostic.code }.count
        let unusedBefore = all.filter { $0.code == InlineSuppressions.code }.count
        for edits in candidates {
            let after = workspace.diagnostics(for: document.path, ifItRead: TextEdit.apply(edits, to: bytes))
            if after.filter({ $0.code == diagnostic.code }).count < before,
                after.filter({ $0.code == InlineSuppressions.code }).count <= unusedBefore
            {
                return edits
            }
        }
        return nil
    }

    // MARK: Hover

    func hover(_ params: JSONValue) throws -> JSONValue {
        let document = try self.document(params)
        let offset = try self.offset(params, in: document)
        guard let context = reading(of: document) else { return .null }
        for matrix in context.matrices {
            for (rowIndex, row) in matrix.rows.enumerated() {
                for (column, cell) in row.cells.enumerated() where cell.range.contains(offset) {
                    let payloads = Self.payloadCases(context, machine: matrix.machine.text)
                    var text = Self.cellLabel(matrix, row: rowIndex, column: column) + ": "
                        + Self.meaning(of: cell, in: matrix, row: rowIndex, column: column, payloads: payloads)
                    switch cell.kind {
                    case .handle:
                        if let graph = graph(of: matrix, path: context.file.path), let (state, action) = graph.cell(at: cell.range) {
                            text += "\n" + Self.returns(of: graph.cells[state][action], state: state, in: graph, place: place)
                        }
                    case .go(let target, _, _) where target.range.contains(offset):
                        // The GO's target names a state: how that state is reached.
                        if let graph = graph(of: matrix, path: context.file.path), let state = graph.state(named: target.text, matrix) {
                            text += "\n" + Self.reachability(of: state, in: graph, place: place)
                        }
                    default:
                        break
                    }
                    return hoverJSON(text, range: cell.range, document)
                }
            }
            // A state's name where the matrix declares it, labels its row or names it initial.
            let names = matrix.states + matrix.rows.compactMap(\.label) + [matrix.initial].compactMap { $0 }
            if let name = names.first(where: { $0.range.contains(offset) }),
                let graph = graph(of: matrix, path: context.file.path), let state = graph.state(named: name.text, matrix)
            {
                return hoverJSON(Self.reachability(of: state, in: graph, place: place), range: name.range, document)
            }
        }
        for dispatcher in context.dispatchers {
            for arm in dispatcher.arms where arm.labelRange.contains(offset) || arm.outcome.range.contains(offset) {
                guard let text = armDescription(dispatcher, arm, at: offset, in: context) else { continue }
                return hoverJSON(text, range: arm.labelRange, document)
            }
        }
        return .null
    }

    // MARK: Behaviour: the workspace's graph of each machine

    /// The workspace's graph of `matrix`, read from the file at `path`: the one of its file,
    /// name and surface (of several, the one whose cells lie inside the matrix).
    func graph(of matrix: Matrix, path: String) -> MachineGraph? {
        let candidates = machineGraphs(workspace).filter {
            $0.path == path && $0.machine == matrix.machine.text && $0.surface == matrix.surface
        }
        guard candidates.count > 1 else { return candidates.first }
        return candidates.first { graph in
            (graph.cells.first?.first?.origin ?? graph.stateOrigins.first).map { matrix.range.contains($0.range.lowerBound) } ?? false
        }
    }

    /// `DoorCells.swift:25:16`: where something was read, relative to the current directory.
    func place(_ origin: MachineGraph.Origin) -> String {
        "\(PathText.relative(origin.path, to: currentDirectory) ?? origin.path):\(origin.start.line):\(origin.start.column)"
    }

    /// How `state` is reached from `initial`: the shortest action sequence, then its steps, one
    /// a line (an outcome read from code says where it was returned); or why no sequence is
    /// known: no initial state, no outcome reaches it, or some outcomes on the way are unknown.
    static func reachability(of state: Int, in graph: MachineGraph, place: (MachineGraph.Origin) -> String) -> String {
        let name = "`\(graph.states[state])`"
        guard let initial = graph.initial else {
            return "\(name): the matrix names no initial state, so no sequence of actions is known to reach it"
        }
        if state == initial { return "\(name): the initial state" }
        let start = "`\(graph.states[initial])`"
        let routes = graph.shortestRoutes().routes
        if let route = routes[state] {
            var text = "\(name): reached from \(start) in \(route.count) action\(route.count == 1 ? "" : "s"): "
                + route.map { graph.actions[$0.action] }.joined(separator: ", ")
            for (number, step) in route.enumerated() {
                let cell = graph.cells[step.from][step.action]
                let outcome = cell.outcomes[step.outcome]
                text += "\n  \(number + 1). \(graph.actions[step.action]): \(graph.states[step.from]) → \(graph.states[step.to])"
                if !outcome.effects.isEmpty { text += ", emitting " + outcome.effects.joined(separator: ", ") }
                if outcome.isDynamic {
                    text += " (\(cell.kind == .handle ? "HANDLE, " : "")returned at \(outcome.origin.map(place) ?? "an unknown place"))"
                }
            }
            return text
        }
        // Not reached by any outcome read; a reached cell whose outcome is unknown may reach it.
        var unknown: [String] = []
        for reached in routes.keys.sorted() {
            for (action, cell) in graph.cells[reached].enumerated() {
                if let reason = cell.unknownReason { unknown.append(graph.cellLabel(state: reached, action: action) + ": " + reason) }
            }
        }
        if unknown.isEmpty {
            let count = routes.count
            return "\(name): unreachable: no sequence of actions from \(start) reaches it (every cell of the \(count) state\(count == 1 ? "" : "s") reached was read)"
        }
        var text = "\(name): no outcome tablint read reaches it from \(start), but it may be reached through a cell whose outcome is unknown:"
        for line in unknown.prefix(5) { text += "\n  " + line }
        if unknown.count > 5 { text += "\n  and \(unknown.count - 5) more" }
        return text
    }

    /// What the implementations of a `HANDLE` cell return: a state a line, with its effects and
    /// the `return` it was read from; and what could not be read.
    static func returns(of cell: MachineGraph.Cell, state: Int, in graph: MachineGraph, place: (MachineGraph.Origin) -> String) -> String {
        guard !cell.outcomes.isEmpty else {
            return "What its implementations return is unknown: \(cell.unknownReason ?? "nothing was read")"
        }
        var text = "Its implementations return:"
        for outcome in cell.outcomes where graph.states.indices.contains(outcome.target) {
            text += "\n- " + graph.states[outcome.target] + (outcome.target == state ? " (stays)" : "")
            if !outcome.effects.isEmpty { text += ", emitting " + outcome.effects.joined(separator: ", ") }
            if let origin = outcome.origin { text += " — " + place(origin) }
        }
        if let reason = cell.unknownReason { text += "\n- and what tablint could not read: \(reason)" }
        return text
    }

    /// An LSP location of something read in any file of the workspace.
    func location(of origin: MachineGraph.Origin) -> JSONValue {
        if buffer(forPath: origin.path) == nil, workspace.entry(origin.path) == nil {
            // Not a file the workspace holds: where the reader said it starts.
            let start = LSPPosition(line: max(0, origin.start.line - 1), character: max(0, origin.start.column - 1)).json
            return .object(["uri": .string(uri(ofPath: origin.path)), "range": .object(["start": start, "end": start])])
        }
        let lines = workspace.entry(origin.path)?.analysis.summary.lines ?? LineTable([])
        return location(path: origin.path, range: origin.range, lines: lines)
    }

    private func hoverJSON(_ text: String, range: Range<Int>, _ document: OpenDocument) -> JSONValue {
        .object([
            "contents": .object(["kind": .string("plaintext"), "value": .string(text)]),
            "range": document.text.range(range, encoding),
        ])
    }

    /// `(Running, Tick)`: the cell's state (its row's label, or the state at its position)
    /// and the action of its column.
    static func cellLabel(_ matrix: Matrix, row: Int, column: Int) -> String {
        matrix.cellLabel(row: row, column: column)
    }

    /// What a cell means, in the library's words, and the `Cells` member it requires
    /// (reference §1.6: `lower(State)+Cap(Action)`, `ToChild` for a DELEGATE; the context is
    /// always passed, the state's payload too when its case has one).
    static func meaning(of cell: Cell, in matrix: Matrix, row: Int, column: Int, payloads: PayloadCases = PayloadCases()) -> String {
        let state = matrix.rowName(row)
        let action = column < matrix.actions.count ? matrix.actions[column].text : nil
        func member(_ suffix: String) -> String {
            guard let state, let action else { return "" }
            let name = NameCasing.lowerFirst(state) + NameCasing.upperFirst(action) + suffix
            let statePayload = matrix.payloads.contains { matrix.key($0.state) == matrix.key(state) }
                || payloads.states.contains(fold(state))
            let actionPayload = payloads.actions.contains(fold(action))
            let count = 1 + (statePayload ? 1 : 0) + (actionPayload ? 1 : 0)
            return " — requires \(name)(\(String(repeating: "_:", count: count)))"
        }
        func effects(_ names: [Name]) -> String {
            names.isEmpty ? "" : ", emitting " + names.map(\.text).joined(separator: ", ")
        }
        switch cell.kind {
        case .handle: return "HANDLE" + member("")
        // The child's type is the alias capitalised (`.auth` → `Auth`, reference §1.4).
        case .delegate(let child): return "DELEGATE(\(child.text))" + member("ToChild") + " returning \(NameCasing.upperFirst(child.text)).A?"
        case .go(let target, let names, _): return "GO(\(target.text)) — moves to \(target.text)" + effects(names)
        case .emit(let names): return "EMIT — stays in \(state ?? "its state")" + effects(names)
        case .ignore: return "IGNORE — the action changes nothing"
        case .unreachable: return "UNREACHABLE — the action cannot happen in this state"
        case .unknown(let written, let reason): return "`\(written)` is not a cell the library knows" + (reason.map { ": \($0)" } ?? "")
        }
    }

    /// The state and action cases that carry a payload, from the `enum S`/`enum A` (or
    /// `<Machine>S`/`<Machine>A`) declared in the file: the library passes a payload-carrying
    /// state or action to its `Cells` member as an argument of its own (reference §1.6).
    struct PayloadCases {
        var states: Set<String> = []
        var actions: Set<String> = []
    }

    static func payloadCases(_ context: LintContext, machine: String) -> PayloadCases {
        guard context.file.kind.isSwift else { return PayloadCases() }
        let tokens = SignificantTokens(file: context.file, pieces: context.tokens)
        var found = PayloadCases()
        var index = 0
        let count = tokens.tokens.count
        while index + 2 < count {
            defer { index += 1 }
            guard tokens.isText(index, "enum"), tokens.kind(index + 1) == .identifier else { continue }
            let name = tokens.text(index + 1)
            let isState = name == "S" || name == machine + "S"
            let isAction = name == "A" || name == machine + "A"
            guard isState || isAction else { continue }
            var open = index + 2
            while open < count, tokens.kind(open) != .leftBrace { open += 1 }
            guard open < count, tokens.partner[open] > open else { continue }
            let close = tokens.partner[open]
            var position = open + 1
            var inCase = false
            while position < close {
                if tokens.isText(position, "case") {
                    inCase = true
                } else if inCase, tokens.kind(position) == .identifier || tokens.kind(position) == .keyword {
                    if tokens.kind(position + 1) == .leftParen {
                        let caseName = fold(SignificantTokens.unticked(tokens.text(position)))
                        if isState { found.states.insert(caseName) } else { found.actions.insert(caseName) }
                        position = tokens.partner[position + 1]
                    }
                } else if tokens.kind(position) != .comma {
                    inCase = false
                }
                if tokens.partner[position] > position, tokens.kind(position) == .leftBrace { position = tokens.partner[position] }
                position += 1
            }
        }
        return found
    }

    /// The one matrix a dispatcher of `machine` is paired with in this run, and its file.
    func pairedMatrix(_ machine: String?) -> (matrix: Matrix, summary: FileSummary)? {
        guard let machine else { return nil }
        let key = MachineKey.normalized(machine)
        var found: [(Matrix, FileSummary)] = []
        for summary in workspace.summaries {
            for bound in summary.matrices where bound.key == key { found.append((bound.matrix, summary)) }
        }
        return found.count == 1 ? found[0] : nil
    }

    static func fold(_ name: String) -> String { name.lowercased() }

    /// The row of a state: the row labelled with it, or the row at its position.
    static func rowIndex(of state: Int, in matrix: Matrix) -> Int? {
        if matrix.hasLabelledRows {
            return matrix.rows.firstIndex { $0.label.map { matrix.key($0.text) == matrix.key(matrix.states[state].text) } ?? false }
        }
        return state < matrix.rows.count ? state : nil
    }

    /// A file of the run as read: the open document's text, or the file's on disk.
    /// The readers' findings for a file of the workspace: the open document's, kept; another's,
    /// read from disk as the workspace read it (only hover and definition ask, for a matrix in
    /// another file).
    func reading(ofPath path: String) -> LintContext? {
        if let document = documents[path] { return reading(of: document) }
        guard let settings = workspace.settings(of: path), let bytes = configuration.read(path) else { return nil }
        return LintContext(file: SourceFile(path: path, bytes: bytes), settings: settings)
    }

    /// `context`: the dispatcher's file.
    private func armDescription(_ dispatcher: Dispatcher, _ arm: Dispatcher.Arm, at offset: Int, in context: LintContext) -> String? {
        guard let stateAt = dispatcher.position(of: .state), let actionAt = dispatcher.position(of: .action),
            case .items(let items, _) = arm.label, !items.isEmpty
        else { return nil }
        let item = items.first { $0.range.contains(offset) } ?? items[0]
        guard item.isTuple, item.elements.count > max(stateAt, actionAt) else { return nil }
        let stateName = item.elements[stateAt].wholeMember
        let actionName = item.elements[actionAt].wholeMember
        let armText = "this arm: \(arm.outcome.text)"
        guard let (matrix, summary) = pairedMatrix(dispatcher.machine) else {
            return "(\(stateName ?? "any state"), \(actionName ?? "any action")): no one matrix of `\(dispatcher.machine ?? "?")` in the workspace to compare with; \(armText)"
        }
        guard let stateName, let actionName,
            let state = matrix.states.firstIndex(where: { Self.fold($0.text) == Self.fold(stateName) }),
            let action = matrix.actions.firstIndex(where: { Self.fold($0.text) == Self.fold(actionName) }),
            let row = Self.rowIndex(of: state, in: matrix), action < matrix.rows[row].cells.count
        else {
            return "(\(stateName ?? "any state"), \(actionName ?? "any action")): not one cell of the `\(matrix.machine.text)` matrix; \(armText)"
        }
        let cell = matrix.rows[row].cells[action]
        let label = Self.cellLabel(matrix, row: row, column: action)
        let verdict: String
        switch Self.agrees(cell.kind, arm.outcome.kind, expectedMember: NameCasing.lowerFirst(matrix.states[state].text) + NameCasing.upperFirst(matrix.actions[action].text)) {
        case true?: verdict = "agrees with the matrix"
        case false?: verdict = "DISAGREES with the matrix"
        case nil: verdict = "tablint cannot tell whether it agrees"
        }
        // The payload-carrying cases may be declared with the matrix or with the dispatcher.
        var payloads = Self.payloadCases(context, machine: matrix.machine.text)
        if summary.path != context.file.path, let matrixFile = reading(ofPath: summary.path) {
            let more = Self.payloadCases(matrixFile, machine: matrix.machine.text)
            payloads.states.formUnion(more.states)
            payloads.actions.formUnion(more.actions)
        }
        return "\(label): \(Self.meaning(of: cell, in: matrix, row: row, column: action, payloads: payloads))\n\(armText) — \(verdict)"
    }

    /// Whether an arm's outcome does what its cell says; nil when either cannot be read.
    static func agrees(_ cell: Cell.Kind, _ outcome: Dispatcher.Outcome.Kind, expectedMember: String) -> Bool? {
        func same(_ lhs: [Name], _ rhs: [Name]) -> Bool { lhs.map { fold($0.text) } == rhs.map { fold($0.text) } }
        switch (cell, outcome) {
        case (.unknown, _), (_, .unreadable): return nil
        case (.ignore, .ignored), (.unreachable, .unreachable), (.delegate, .delegate): return true
        case (.handle, .handle(let member)): return fold(member) == fold(expectedMember)
        case (.go(let target, let effects, _), .go(let armTarget, let armEffects)):
            return fold(target.text) == fold(armTarget.text) && same(effects, armEffects)
        case (.emit(let effects), .stay(let armEffects)): return same(effects, armEffects)
        default: return false
        }
    }

    // MARK: Definition

    func definition(_ params: JSONValue) throws -> JSONValue {
        let document = try self.document(params)
        let offset = try self.offset(params, in: document)
        guard let context = reading(of: document) else { return .null }
        let here = context.file.path
        for matrix in context.matrices {
            // A HANDLE cell: each `return` its implementations were read from.
            if let cell = matrix.rows.lazy.flatMap(\.cells).first(where: { $0.kind == .handle && $0.range.contains(offset) }) {
                guard let graph = graph(of: matrix, path: here), let (state, action) = graph.cell(at: cell.range) else { return .null }
                let origins = graph.cells[state][action].outcomes.compactMap(\.origin)
                return origins.isEmpty ? .null : .array(origins.map(location(of:)))
            }
            if let state = matrix.states.firstIndex(where: { $0.range.contains(offset) }) {
                return locations(ofState: state, in: matrix, path: here, lines: context.file.lines, declaration: false)
            }
            if let action = matrix.actions.first(where: { $0.range.contains(offset) }) {
                return .array([location(path: here, range: action.range, lines: context.file.lines)])
            }
            var names: [Name] = []
            if let initial = matrix.initial { names.append(initial) }
            for row in matrix.rows {
                if let label = row.label { names.append(label) }
                for cell in row.cells { if case .go(let target, _, _) = cell.kind { names.append(target) } }
            }
            if let name = names.first(where: { $0.range.contains(offset) }),
                let state = matrix.states.firstIndex(where: { matrix.key($0.text) == matrix.key(name.text) })
            {
                return locations(ofState: state, in: matrix, path: here, lines: context.file.lines, declaration: true)
            }
        }
        for dispatcher in context.dispatchers {
            guard let stateAt = dispatcher.position(of: .state), let actionAt = dispatcher.position(of: .action) else { continue }
            for arm in dispatcher.arms {
                var stateNames: [(String, Range<Int>)] = []
                var actionNames: [(String, Range<Int>)] = []
                if case .items(let items, _) = arm.label {
                    for item in items where item.isTuple && item.elements.count > max(stateAt, actionAt) {
                        if let name = item.elements[stateAt].wholeMember { stateNames.append((name, item.elements[stateAt].range)) }
                        if let name = item.elements[actionAt].wholeMember { actionNames.append((name, item.elements[actionAt].range)) }
                    }
                }
                if case .go(let target, _) = arm.outcome.kind { stateNames.append((target.text, target.range)) }
                let state = stateNames.first { $0.1.contains(offset) }
                let action = actionNames.first { $0.1.contains(offset) }
                guard state != nil || action != nil else { continue }
                guard let (matrix, summary) = pairedMatrix(dispatcher.machine) else { return .null }
                if let (name, _) = state, let index = matrix.states.firstIndex(where: { Self.fold($0.text) == Self.fold(name) }) {
                    return locations(ofState: index, in: matrix, path: summary.path, lines: summary.lines, declaration: true)
                }
                if let (name, _) = action, let declared = matrix.actions.first(where: { Self.fold($0.text) == Self.fold(name) }) {
                    return .array([location(path: summary.path, range: declared.range, lines: summary.lines)])
                }
                return .null
            }
        }
        return .null
    }

    /// A state's declaration (if asked) and its row.
    private func locations(ofState state: Int, in matrix: Matrix, path: String, lines: LineTable, declaration: Bool) -> JSONValue {
        var found: [JSONValue] = []
        if declaration { found.append(location(path: path, range: matrix.states[state].range, lines: lines)) }
        if let row = Self.rowIndex(of: state, in: matrix) {
            found.append(location(path: path, range: matrix.rows[row].range, lines: lines))
        }
        return .array(found)
    }

    func location(path: String, range: Range<Int>, lines: LineTable) -> JSONValue {
        let rangeJSON: JSONValue
        if let buffer = buffer(forPath: path) {
            rangeJSON = buffer.range(range, encoding)
        } else {
            func position(_ offset: Int) -> JSONValue {
                let line = lines.lineIndex(of: offset)
                return LSPPosition(line: line, character: offset - lines.lineStarts[line]).json
            }
            rangeJSON = .object(["start": position(range.lowerBound), "end": position(range.upperBound)])
        }
        return .object(["uri": .string(uri(ofPath: path)), "range": rangeJSON])
    }

    // MARK: Inlay hints

    func inlayHints(_ params: JSONValue) throws -> JSONValue {
        let document = try self.document(params)
        guard serverOptions.inlayHints else { return .array([]) }
        let requested = try byteRange(params["range"], in: document) ?? 0..<document.text.bytes.count
        guard let context = reading(of: document) else { return .array([]) }
        var hints: [JSONValue] = []
        for matrix in context.matrices where matrix.range.lowerBound <= requested.upperBound && requested.lowerBound <= matrix.range.upperBound {
            for row in matrix.rows {
                for (column, cell) in row.cells.enumerated() where column < matrix.actions.count
                    && cell.range.lowerBound >= requested.lowerBound && cell.range.lowerBound <= requested.upperBound
                {
                    hints.append(.object([
                        "position": document.text.position(of: cell.range.lowerBound, encoding).json,
                        "label": .string(matrix.actions[column].text + ":"),
                        "kind": .int(2),
                        "paddingRight": .bool(true),
                    ]))
                }
            }
        }
        return .array(hints)
    }
}

extension MachineGraph {
    /// The state and action of the cell read at `range` of the matrix.
    func cell(at range: Range<Int>) -> (state: Int, action: Int)? {
        for (state, row) in cells.enumerated() {
            if let action = row.firstIndex(where: { $0.origin.range == range }) { return (state, action) }
        }
        return nil
    }

    /// The state `name` names, compared as `matrix` compares names.
    func state(named name: String, _ matrix: Matrix) -> Int? {
        states.firstIndex { matrix.key($0) == matrix.key(name) }
    }
}
