/// Which matrices of a file `tablint export` exports, and why the others are refused. Pure:
/// a file in, its matrices with their tables and diagnostics out.
///
/// Export gives what the library's `Export` would give. The library builds a `Table` literal
/// or a `.tbl` whatever tablint thinks of it, as long as every state has its row, every row
/// one cell per action, every cell one of the six kinds and (for a `.tbl`) its parser accepts
/// the text; a name it does not check (an undeclared GO target, a nil `initial`) it prints as
/// given. An `@Machine` enum goes through `buildDesc`, which refuses every declaration error.
enum ExportReading {
    /// One matrix and what export makes of it.
    struct Machine {
        var path: String
        var file: SourceFile
        /// As the library builds it: `@Path` defaults applied.
        var matrix: Matrix
        /// Nil when the library could not build the matrix (`refusals` say why).
        var table: ExportTable?
        /// Every diagnostic tablint has about the matrix, refusals included.
        var diagnostics: [Diagnostic]
        /// The diagnostics that stop the export; empty when `table` is not nil.
        var refusals: [Diagnostic]

        /// A `.tbl` file or a fixture string: a pin of a machine, not the machine's source.
        var isPin: Bool { matrix.surface == .fixture }
        var name: String { matrix.machine.text }
        var location: SourceLocation { file.location(of: matrix.range.lowerBound) }
    }

    struct FileReading {
        var machines: [Machine] = []
        /// Diagnostics that stop a matrix from being read at all (no matrix to attach them to).
        var unreadable: [Diagnostic] = []
    }

    /// Codes that mean the matrix's shape is broken on every surface: the library cannot build it.
    static let shapeCodes: Set<String> = [
        "tablint::encoding", "tablint::syntax", UnreadableMatrix().code, FixtureReader.syntaxCode,
        MissingRow().code, ExtraRow().code, RowArity().code, UnknownCell().code,
    ]

    /// What `buildDesc` refuses besides the shape (reference §2.2), for `@Machine` enums only.
    static let declarationCodes: Set<String> = [
        MachineEnumReader.syntaxCode, UnknownState().code, GoTarget().code, UnknownEffect().code,
        EmptyEmit().code, MemberCollision().code, DuplicateName().code, PathDuplicate().code,
        PathUnknownState().code, PathBroken().code, PathUnterminated().code,
    ]

    /// The file read on its own: the workspace of that one file.
    static func read(_ file: SourceFile) -> FileReading {
        if let encodingProblem = Encoding.check(file) {
            return FileReading(unreadable: [encodingProblem])
        }
        var workspace = Workspace()
        workspace.update([Engine.Document(path: file.path, bytes: file.bytes)], keeping: .context)
        return read(file.path, from: workspace)
    }

    /// A document of `workspace`, which must keep its context (`Workspace.Keeping.context`):
    /// `export --dynamic` reads every file of the run into one workspace and asks it both for
    /// the matrices and for the graphs of their implementations, analysing each file once.
    static func read(_ path: String, from workspace: Workspace) -> FileReading {
        // Every rule, unconfigured and unsuppressed (a disabled rule or a `tablint:disable`
        // comment does not make the library build a matrix it refuses), cross-file rules
        // included (a short `Table` literal's `missing-row` is a cross-file rule's).
        guard let context = workspace.context(of: path) else { return FileReading() }
        let file = context.file
        if let encodingProblem = Encoding.check(file) {
            return FileReading(unreadable: [encodingProblem])
        }
        let diagnostics = workspace.unconfiguredDiagnostics(for: path)
        var reading = FileReading()
        var attributed = Set<Int>()
        for matrix in context.matrices {
            var own: [Diagnostic] = []
            for (index, diagnostic) in diagnostics.enumerated() where matrix.range.contains(diagnostic.start.offset)
                || (matrix.range.isEmpty && matrix.range.lowerBound == diagnostic.start.offset) {
                own.append(diagnostic)
                attributed.insert(index)
            }
            let refusing = matrix.surface == .machineEnum ? shapeCodes.union(declarationCodes) : shapeCodes
            var refusals = own.filter { refusing.contains($0.code) }
            var table = refusals.isEmpty ? ExportTable(matrix) : nil
            if refusals.isEmpty, table == nil {
                // The model says the shape is broken though no rule said so: refuse all the same.
                refusals = [Diagnostic(
                    path: file.path, start: file.location(of: matrix.range.lowerBound),
                    end: file.location(of: matrix.range.lowerBound), severity: .error,
                    message: "cannot export `\(matrix.machine.text)`: a row is missing or extra, a row has the wrong number of cells, or a cell is unknown",
                    code: "tablint::export", notes: [], fix: nil)]
            }
            if !refusals.isEmpty { table = nil }
            reading.machines.append(Machine(
                path: file.path, file: file, matrix: matrix, table: table, diagnostics: own, refusals: refusals))
        }
        reading.unreadable = diagnostics.enumerated()
            .filter { !attributed.contains($0.offset) && shapeCodes.union(declarationCodes).contains($0.element.code) }
            .map(\.element)
        return reading
    }
}
