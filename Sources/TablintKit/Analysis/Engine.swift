import Dispatch
import Foundation

/// The one engine: a workspace in, diagnostics and proven edits out. Pure: it reads and writes
/// nothing (the command line reads the files and writes what it returns; the language server
/// hands it its open buffers and index).
///
/// Analyse each document (in parallel, `Workspace.update`) → cross-file checks →
/// configuration and suppressions, applied once (`finish`) → with `fix`: apply the surviving
/// fixes of the chosen applicability, prove them, and go round again with the result (and, for
/// `--fix`, with the other documents the result gives a fix), until nothing is left to apply
/// (at most `maxPasses` passes a file). Every edit any front end offers or writes comes from `fix`.
enum Engine {
    /// A file as the run sees it: its path as shown, its bytes as read, its configuration.
    struct Document: Equatable {
        var path: String
        var bytes: [UInt8]
        var settings: LintSettings

        init(path: String, bytes: [UInt8], settings: LintSettings = .default) {
            self.path = path
            self.bytes = bytes
            self.settings = settings
        }
    }

    enum Mode: Equatable {
        /// Diagnostics only.
        case report
        /// Apply the surviving fixes and prove them; the result says what would be written.
        case fix
    }

    /// What the run gives for one document.
    struct FileResult: Equatable {
        var path: String
        /// The bytes as given.
        var original: [UInt8]
        /// The bytes to write in place of `original`; nil when nothing changes.
        var fixed: [UInt8]?
        /// The diagnostics of the file as the run leaves it: of `fixed` when there is one.
        var diagnostics: [Diagnostic]
        /// The diagnostics of the file as given (for a caller that does not write `fixed`).
        var originalDiagnostics: [Diagnostic]
        /// Why this file's fixes were not applied (a failed proof, a file that does not
        /// settle); also among `diagnostics` as a `tablint::unformattable` error.
        var failure: String?
        /// How many diagnostics' fixes `fixed` applies.
        var appliedFixes: Int
        /// What the cross-file step sees of the file as the run leaves it (of `fixed`, when
        /// there is one): the other files' final diagnostics depend on it.
        var summary: FileSummary?
    }

    struct Outcome: Equatable {
        /// One result per document, in the order given.
        var files: [FileResult]
        /// Every file's diagnostics, in output order.
        var diagnostics: [Diagnostic] { files.flatMap(\.diagnostics).sortedForOutput() }
    }

    /// A file that still has fixes to apply after this many passes of its own is left as it was.
    static let maxPasses = 4

    /// The applicabilities `--fix` applies for a file: safe ones, and unsafe ones too with
    /// `--unsafe-fixes` (on the command line or in the file's `.tablint`).
    static func applicable(unsafeFixes: Bool, _ settings: LintSettings) -> Set<Diagnostic.Applicability> {
        unsafeFixes || settings.unsafeFixes ? [.safe, .unsafe] : [.safe]
    }

    /// One run over `documents` on their own: a workspace of them, then their diagnostics
    /// (`.report`) or their proven fixes (`.fix`).
    static func run(
        _ documents: [Document], mode: Mode, unsafeFixes: Bool = false, rules: [Rule] = RuleRegistry.all,
        jobs: Int = 1
    ) -> Outcome {
        var workspace = Workspace(rules: Workspace.rules(rules, enabledInAnyOf: documents.map(\.settings)))
        workspace.update(documents, keeping: mode == .fix ? [.tokens, .bytes] : [], jobs: jobs)
        guard mode == .fix else {
            let diagnostics = workspace.diagnostics()
            return Outcome(files: documents.map { document in
                let found = diagnostics[document.path] ?? []
                return FileResult(
                    path: document.path, original: document.bytes, fixed: nil, diagnostics: found,
                    originalDiagnostics: found, failure: nil, appliedFixes: 0)
            })
        }
        return Outcome(files: fix(documents, in: workspace, unsafeFixes: unsafeFixes, jobs: jobs))
    }

    /// The proven fixes of `documents` (each recorded in `workspace` under its path, with the
    /// bytes given), with the rest of the workspace held as it is: every pass's cross-file
    /// checks see the fixed documents as they now are and the others as recorded.
    /// `selecting` narrows the fixes taken to the diagnostics it accepts (range formatting, one
    /// quick fix); nil takes every fix of the applicable kinds. `joining`: a recorded document
    /// that is not among `documents` joins the run once its diagnostics, against the fixed
    /// documents, carry a fix to apply (an enum given a case lets a `Cells` protocol be given its
    /// requirement), read again when its bytes were not kept (`Workspace.rereading`): so one
    /// `--fix` reaches what a second one would find.
    static func fix(
        _ documents: [Document], in workspace: Workspace, unsafeFixes: Bool = false,
        selecting: ((Diagnostic) -> Bool)? = nil, joining: Bool = false, jobs: Int = 1
    ) -> [FileResult] {
        // Nothing to fix: no second cross-file step (a lint run asks with none).
        guard !documents.isEmpty else { return [] }
        let rules = workspace.rules
        let state = { (document: Document) -> FileState in
            let recorded = workspace.entry(document.path)
            // The recorded analysis serves when it is of these bytes and settings and kept its tokens.
            var analysis = recorded.flatMap { entry in
                entry.bytes == document.bytes && entry.settings == document.settings
                    && (!entry.analysis.tokens.isEmpty || !FileKind(path: document.path).isSwift) ? entry.analysis : nil
            } ?? analyze(
                SourceFile(path: document.path, bytes: document.bytes), rules: rules, settings: document.settings,
                readers: workspace.readers, keepingTokens: true, implementations: workspace.readsCellsImplementations)
            analysis.holdReferences(of: document.bytes)
            return FileState(
                document: document, analysis: analysis, applicable: applicable(unsafeFixes: unsafeFixes, document.settings),
                selecting: selecting, readers: workspace.readers, implementations: workspace.readsCellsImplementations)
        }
        var states = parallelMap(documents.count, jobs: jobs) { state(documents[$0]) }
        let finish = { (states: inout [FileState]) in Self.finish(&states, in: workspace) }
        var crossFile = finish(&states)
        for index in states.indices { states[index].originalDiagnostics = states[index].diagnostics }

        // Each round proves the last one's unsafe edits, applies each file's next pass, and lets
        // in the documents the result gives a fix; it ends when nothing is applied and no one
        // joins. A file applies at most `maxPasses` passes and joins at most once, so the rounds
        // are bounded.
        while true {
            // Prove last round's unsafe edits against the run as it now is (cross-file included).
            var reverted = false
            for index in states.indices where states[index].pending != nil {
                if states[index].pending?.applicability == .unsafe, let problem = states[index].unsafeProblem() {
                    states[index].revert(problem)
                    reverted = true
                }
                states[index].pending = nil
            }
            // Still something to apply after its last pass: the file does not settle. Leave it as it was.
            for index in states.indices where states[index].passes >= maxPasses && states[index].chosenFixes() != nil
                && states[index].bytes != states[index].document.bytes
            {
                states[index].revert(.init(
                    codes: [], message: "its fixes do not settle: after \(maxPasses) passes there is still something to apply"))
                reverted = true
            }
            if reverted { crossFile = finish(&states) }
            let next = parallelMap(states.count, jobs: jobs) { index -> FileState? in
                var state = states[index]
                guard state.passes < maxPasses else { return nil }
                return state.applyNextPass(rules: rules) ? state : nil
            }
            var changed = false
            for (index, state) in next.enumerated() {
                guard let state else { continue }
                states[index] = state
                changed = true
            }
            if changed { crossFile = finish(&states) }
            let joined = joining ? joiners(states, crossFile: crossFile, in: workspace, unsafeFixes: unsafeFixes) : []
            if !joined.isEmpty {
                var added = parallelMap(joined.count, jobs: jobs) { state(joined[$0]) }
                for index in added.indices { added[index].originalDiagnostics = workspace.diagnostics(for: joined[index].path) }
                states += added
                crossFile = finish(&states)
            }
            if !changed && joined.isEmpty { break }
        }
        return results(states)
    }

    /// The recorded documents outside the run whose diagnostics, against the run's documents as
    /// they now read, carry a fix of a kind `--fix` applies for them, with their bytes: kept by
    /// the workspace, else read again. One that cannot be read stays out (its diagnostics say
    /// what is left).
    private static func joiners(
        _ states: [FileState], crossFile: [String: [Diagnostic]], in workspace: Workspace, unsafeFixes: Bool
    ) -> [Document] {
        let inRun = Set(states.map(\.document.path))
        var joining: [Document] = []
        for path in workspace.paths where !inRun.contains(path) {
            guard let found = crossFile[path], found.contains(where: { $0.fix != nil }), let entry = workspace.entry(path) else { continue }
            let applicable = applicable(unsafeFixes: unsafeFixes, entry.settings)
            let fixable = Engine.finish(entry.analysis, crossFile: found).contains { diagnostic in
                diagnostic.fix.map { applicable.contains($0.applicability) && !$0.edits.isEmpty } ?? false
            }
            guard fixable else { continue }
            let bytes: [UInt8]?
            if let kept = entry.bytes {
                bytes = kept
            } else if case .success(let read)? = workspace.rereading?(path) {
                bytes = read
            } else {
                bytes = nil
            }
            if let bytes { joining.append(Document(path: path, bytes: bytes, settings: entry.settings)) }
        }
        return joining
    }

    /// Cross-file checks over the workspace with the fixed documents as they now are, then each
    /// fixed document's configuration and suppressions.
    @discardableResult
    private static func finish(_ states: inout [FileState], in workspace: Workspace) -> [String: [Diagnostic]] {
        var replacements: [String: FileSummary] = [:]
        for state in states { replacements[state.document.path] = state.analysis.summary }
        var crossFile = workspace.crossFile(replacing: replacements)
        // A document being fixed that the workspace has not recorded still takes part.
        let unrecorded = states.filter { !workspace.contains($0.document.path) }
        if !unrecorded.isEmpty {
            let extra = CrossFileCheck.check(
                workspace.summaries.map { replacements[$0.path] ?? $0 } + unrecorded.map(\.analysis.summary), rules: workspace.rules)
            crossFile = [:]
            for diagnostic in extra { crossFile[diagnostic.path, default: []].append(diagnostic) }
        }
        for index in states.indices {
            var diagnostics = Engine.finish(states[index].analysis, crossFile: crossFile[states[index].document.path] ?? [])
            if let failure = states[index].failure {
                diagnostics = (diagnostics + states[index].document.settings.applied(to: [failure.diagnostic])).sortedForOutput()
            }
            states[index].diagnostics = diagnostics
        }
        return crossFile
    }

    private static func results(_ states: [FileState]) -> [FileResult] {
        states.map { state in
            FileResult(
                path: state.document.path, original: state.document.bytes,
                fixed: state.bytes == state.document.bytes ? nil : state.bytes,
                diagnostics: state.diagnostics, originalDiagnostics: state.originalDiagnostics ?? state.diagnostics,
                failure: state.failure?.message, appliedFixes: state.appliedFixes, summary: state.analysis.summary)
        }
    }

    /// Why a file's fixes were taken back.
    struct Failure: Equatable {
        /// The rules whose fixes failed (empty: the file as a whole).
        var codes: [String]
        var message: String
        var diagnostic: Diagnostic = Diagnostic(
            path: "", start: SourceLocation(offset: 0, line: 1, column: 1), end: SourceLocation(offset: 0, line: 1, column: 1),
            severity: .error, message: "", code: Unformattable().code)
    }

    /// One pass's edits, to be proven.
    struct Pending {
        var applicability: Diagnostic.Applicability
        var previousAnalysis: FileAnalysis
        var previousDiagnostics: [Diagnostic]
        var codes: [String]
    }

    /// One file through the passes.
    struct FileState {
        let document: Document
        let originalAnalysis: FileAnalysis
        let applicable: Set<Diagnostic.Applicability>
        /// Which diagnostics' fixes may be taken (nil: every one of an applicable kind).
        let selecting: ((Diagnostic) -> Bool)?
        let readers: ReaderPolicy
        /// Whether `Cells` implementations are read (`Workspace.readsCellsImplementations`).
        let implementations: Bool
        var bytes: [UInt8]
        var analysis: FileAnalysis
        var diagnostics: [Diagnostic] = []
        /// The first pass's diagnostics, of the file as given.
        var originalDiagnostics: [Diagnostic]?
        var pending: Pending?
        var failure: Failure?
        var appliedFixes = 0
        /// How many passes were applied (a failed proof takes them back, not the count).
        var passes = 0

        init(
            document: Document, analysis: FileAnalysis, applicable: Set<Diagnostic.Applicability>,
            selecting: ((Diagnostic) -> Bool)?, readers: ReaderPolicy, implementations: Bool
        ) {
            self.implementations = implementations
            self.document = document
            self.originalAnalysis = analysis
            self.applicable = applicable
            self.selecting = selecting
            self.readers = readers
            self.bytes = document.bytes
            self.analysis = analysis
        }

        /// The fixes the next pass applies: the surviving diagnostics' fixes of one
        /// applicability (safe ones first, so each pass has one proof), that do not overlap an
        /// earlier one; the rest wait for a later pass. Nil when there is nothing to apply.
        func chosenFixes() -> (Diagnostic.Applicability, [Diagnostic])? {
            guard failure == nil else { return nil }
            let fixable = diagnostics.filter { diagnostic in
                guard let fix = diagnostic.fix, applicable.contains(fix.applicability), !fix.edits.isEmpty else { return false }
                return selecting?(diagnostic) ?? true
            }
            guard !fixable.isEmpty else { return nil }
            let applicability: Diagnostic.Applicability = fixable.contains { $0.fix!.applicability == .safe } ? .safe : .unsafe
            var taken = TextEdit.TakenRanges()
            var chosen: [Diagnostic] = []
            for diagnostic in fixable where diagnostic.fix!.applicability == applicability {
                let edits = diagnostic.fix!.edits
                guard !edits.contains(where: { taken.overlaps($0.range) }) else { continue }
                for edit in edits { taken.insert(edit.range) }
                chosen.append(diagnostic)
            }
            return (applicability, chosen)
        }

        /// Applies the next pass's fixes and analyses the result (one tokenization, which the
        /// proof and the next pass share); a safe pass is proven at once. False when there was
        /// nothing to apply.
        mutating func applyNextPass(rules: [Rule]) -> Bool {
            guard let (applicability, chosen) = chosenFixes() else { return false }
            let codes = Self.codes(of: chosen)
            let edits = chosen.flatMap { $0.fix!.edits }
            if let invalid = chosen.first(where: { !TextEdit.areValid($0.fix!.edits, in: bytes.count) }) {
                revert(Failure(codes: [invalid.code], message: "the fix of `\(invalid.code)` has edits that overlap or lie outside the file", at: invalid))
                return true
            }
            return applyProven(chosen, applicability, codes, edits, rules: rules)
        }

        private mutating func applyProven(
            _ chosen: [Diagnostic], _ applicability: Diagnostic.Applicability, _ codes: [String], _ edits: [TextEdit],
            rules: [Rule]
        ) -> Bool {
            let result = TextEdit.apply(edits, to: bytes)
            var next = Engine.analyze(
                SourceFile(path: document.path, bytes: result), rules: rules, settings: document.settings, readers: readers,
                keepingTokens: true, implementations: implementations)
            next.holdReferences(of: result)
            if applicability == .safe {
                let kind = FileKind(path: document.path)
                if let problem = SafetyCheck.differences(
                    kind: kind, before: bytes, beforeTokens: analysis.tokens, after: result, afterTokens: next.tokens,
                    insertedLines: SafetyCheck.insertedDirectives(edits, before: bytes, kind: kind)) {
                    let culprit = culpritCode(chosen, kind: kind) ?? codes.joined(separator: "`, `")
                    revert(Failure(
                        codes: [culprit], message: "the fix of `\(culprit)` fails its proof (\(problem))",
                        at: chosen.first { $0.code == culprit } ?? chosen[0]))
                    return true
                }
            }
            pending = Pending(applicability: applicability, previousAnalysis: analysis, previousDiagnostics: diagnostics, codes: codes)
            passes += 1
            bytes = result
            analysis = next
            appliedFixes += chosen.count
            return true
        }

        /// Of several rules' safe fixes that failed together, the first whose fixes fail alone.
        private func culpritCode(_ chosen: [Diagnostic], kind: FileKind) -> String? {
            let codes = Self.codes(of: chosen)
            if codes.count == 1 { return codes[0] }
            for code in codes {
                let edits = chosen.filter { $0.code == code }.flatMap { $0.fix!.edits }
                let result = TextEdit.apply(edits, to: bytes)
                let tokens = kind.isSwift ? Tokenizer.tokenize(result) : []
                if SafetyCheck.differences(
                    kind: kind, before: bytes, beforeTokens: analysis.tokens, after: result, afterTokens: tokens,
                    insertedLines: SafetyCheck.insertedDirectives(edits, before: bytes, kind: kind)) != nil {
                    return code
                }
            }
            return nil
        }

        /// The proof of an unsafe pass, once the run's diagnostics of the result are known:
        /// no new syntax problem, and no new error of any rule.
        func unsafeProblem() -> Failure? {
            guard let pending else { return nil }
            let culprit = pending.codes.joined(separator: "`, `")
            let fail = { (reason: String) in
                Failure(codes: pending.codes, message: "the unsafe fix of `\(culprit)` fails its proof: \(reason)")
            }
            let unterminatedBefore = pending.previousAnalysis.tokens.contains(where: \.isUnterminated)
            if !unterminatedBefore, let piece = analysis.tokens.first(where: \.isUnterminated) {
                return fail("the result has an unterminated \(Formatter.describe(piece.kind))")
            }
            let syntaxCodes: Set<String> = [SyntaxRule().code, MachineSyntax().code, FixtureSyntax().code]
            func count(_ diagnostics: [Diagnostic], _ include: (Diagnostic) -> Bool) -> [String: Int] {
                diagnostics.filter(include).reduce(into: [:]) { $0[$1.code, default: 0] += 1 }
            }
            let syntaxBefore = count(pending.previousAnalysis.diagnostics) { syntaxCodes.contains($0.code) }
            for (code, number) in count(analysis.diagnostics, { syntaxCodes.contains($0.code) }) where number > syntaxBefore[code] ?? 0 {
                return fail("the result has a new `\(code)` diagnostic")
            }
            let errorsBefore = count(pending.previousDiagnostics) { $0.severity == .error }
            for (code, number) in count(diagnostics, { $0.severity == .error }) where number > errorsBefore[code] ?? 0 {
                return fail("the result has a new `\(code)` error")
            }
            return nil
        }

        /// Takes every fix back: the file is left as given, with the failure reported.
        mutating func revert(_ failure: Failure) {
            var failure = failure
            let file = SourceFile(path: document.path, bytes: document.bytes)
            let offset = min(failure.diagnostic.start.offset, document.bytes.count)
            let location = failure.codes.isEmpty ? file.location(of: 0) : file.location(of: offset)
            failure.diagnostic = Diagnostic(
                path: document.path, start: location, end: location, severity: Unformattable().defaultSeverity,
                message: "`tablint --fix` leaves this file untouched: " + failure.message, code: Unformattable().code)
            self.failure = failure
            bytes = document.bytes
            analysis = originalAnalysis
            pending = nil
            appliedFixes = 0
        }

        static func codes(of diagnostics: [Diagnostic]) -> [String] {
            var codes: [String] = []
            for diagnostic in diagnostics where !codes.contains(diagnostic.code) { codes.append(diagnostic.code) }
            return codes
        }
    }
}

extension Engine.Failure {
    init(codes: [String], message: String, at diagnostic: Diagnostic) {
        self.init(codes: codes, message: message)
        self.diagnostic.start = diagnostic.start
    }
}

extension TextEdit {
    /// Whether two edits touch the same bytes, or are two insertions at one place (whose order
    /// would be a guess).
    static func overlap(_ lhs: TextEdit, _ rhs: TextEdit) -> Bool {
        if lhs.range.lowerBound == rhs.range.lowerBound { return true }
        return lhs.range.lowerBound < rhs.range.upperBound && rhs.range.lowerBound < lhs.range.upperBound
    }

    /// The ranges of the edits a pass has taken, in order: whether another overlaps one of them
    /// (`overlap`'s rule) is two comparisons after a binary search, not one per taken edit, so
    /// a file of thousands of fixes is chosen in n log n. Taken ranges never overlap each other
    /// (one that would is not taken; a fix whose own edits overlap fails `areValid` and the
    /// pass is undone), so sorted by start they are sorted by end too.
    struct TakenRanges {
        private var ranges: [Range<Int>] = []

        func overlaps(_ range: Range<Int>) -> Bool {
            let next = ranges.partitionPoint { $0.lowerBound < range.lowerBound }
            if next < ranges.count, ranges[next].lowerBound == range.lowerBound || ranges[next].lowerBound < range.upperBound {
                return true
            }
            return next > 0 && range.lowerBound < ranges[next - 1].upperBound
        }

        mutating func insert(_ range: Range<Int>) {
            ranges.insert(range, at: ranges.partitionPoint { $0.lowerBound < range.lowerBound })
        }
    }

    /// Whether one fix's edits lie inside a file of `count` bytes and do not overlap.
    static func areValid(_ edits: [TextEdit], in count: Int) -> Bool {
        let sorted = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
        guard sorted.allSatisfy({ $0.range.lowerBound >= 0 && $0.range.upperBound <= count }) else { return false }
        return !zip(sorted, sorted.dropFirst()).contains { overlap($0, $1) }
    }
}
