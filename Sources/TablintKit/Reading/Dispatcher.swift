/// A hand-written dispatcher: the `switch` that routes each (state, action) pair, effect or
/// state to its code, as `DispatcherReader` found it. Names and texts are kept as written, with
/// byte ranges into the file, so rules can point at them and the cross-file step can compare
/// them without the file's bytes.
struct Dispatcher: Equatable {
    enum Kind: Equatable {
        /// `switch (s, a)` over the state and the action, in a function returning `Step<…>` or
        /// named `step` or `<machine>Step`.
        case step
        /// `switch f` over the effect, in `perform` or a function returning the action optional.
        case effect
        /// `switch s` over the state, in `render`.
        case render
        /// A `switch` over parameters of a function named as a dispatcher in configuration.
        case configured
    }

    /// What a switched-on parameter is to the machine.
    enum Role: Equatable {
        case state, action, effect
        /// A parameter of a configured dispatcher: its type is not read.
        case value
    }

    /// One parameter the switch is over.
    struct Subject: Equatable {
        var name: String
        /// The parameter's type as written, without spaces: `S`, `Timer.S`, `TimerS`.
        var type: String
        var role: Role

        init(name: String, type: String, role: Role) {
            self.name = name
            self.type = type
            self.role = role
        }
    }

    var kind: Kind
    /// The function's name, where it is declared.
    var function: Name
    /// The `switch` keyword.
    var switchRange: Range<Int>
    /// In switch order: one subject for `switch f`, two or more for `switch (s, a)`.
    var subjects: [Subject]
    /// The machine this dispatcher belongs to (`Timer`), when its parameter types, its enclosing
    /// type and its name agree on one; nil when they say nothing or disagree.
    var machine: String?
    var arms: [Arm]
    /// A `#if` among the arms: which arms exist depends on the build configuration.
    var hasConditionalArms: Bool
    /// A `#if` anywhere between the switch's braces, in a label or in a body. Looked for only
    /// in a switch with a catch-all (`hasCatchAll`); otherwise `hasConditionalArms`.
    var hasConditionalCode: Bool
    /// The types whose bodies hold the function, innermost first (`["Timer"]` for a function
    /// in `extension Timer`): where a bare `S` is looked up. Read only for a switch with a
    /// catch-all, the one use; empty otherwise.
    var enclosingTypes: [String]
    /// The innermost type or extension the function is declared in, nil at the top level.
    var owner: String?
    /// The types around `owner`, innermost first (`BoundMatrix.outerTypes`).
    var outerTypes: [String] = []
    /// The function's parameters as (name inside the body, type without spaces): the cells and
    /// context a written arm passes on (`dispatcher-drift`'s fix).
    var parameters: [Parameter] = []

    struct Parameter: Equatable {
        var name: String
        var type: String
        /// `_ ctx: inout DoorCtx`: a call passes it `&ctx` to a member that takes it `inout`.
        var isInout = false
    }
    /// The switch's source texts, for rewriting it whole (`dispatcher-default`'s nested fix).
    /// Read only for a switch with a catch-all; nil otherwise.
    var source: SwitchSource?

    init(
        kind: Kind, function: Name, switchRange: Range<Int>, subjects: [Subject], machine: String?, arms: [Arm],
        hasConditionalArms: Bool, hasConditionalCode: Bool? = nil, enclosingTypes: [String] = []
    ) {
        self.kind = kind
        self.function = function
        self.switchRange = switchRange
        self.subjects = subjects
        self.machine = machine
        self.arms = arms
        self.hasConditionalArms = hasConditionalArms
        self.hasConditionalCode = hasConditionalCode ?? hasConditionalArms
        self.enclosingTypes = enclosingTypes
    }

    /// Whether a label or a pattern matches every value, or every value in one position:
    /// what `tablint::dispatcher-default` reports.
    var hasCatchAll: Bool { arms.contains(where: \.hasCatchAll) }

    /// `switch (s, a)` / `switch f`, as a message quotes it.
    var switchText: String {
        subjects.count == 1 ? "switch \(subjects[0].name)" : "switch (\(subjects.map(\.name).joined(separator: ", ")))"
    }

    func position(of role: Role) -> Int? { subjects.firstIndex { $0.role == role } }
}

extension Dispatcher {
    /// What writing the switch anew needs, as written: rules see no file bytes.
    struct SwitchSource: Equatable {
        /// From `switch` through its `}`.
        var statement: Range<Int>
        /// The blanks that start the `switch` keyword's line.
        var lineIndent: String
        var newline: String
        /// Per arm, in the order of `arms`.
        var arms: [ArmSource]
        /// Comment lines after the last arm's body, before the `}`, without their indentation.
        var closingComments: [String]
        /// Why the switch cannot be written anew without losing something, nil if it can.
        var problem: String?

        init(
            statement: Range<Int>, lineIndent: String, newline: String, arms: [ArmSource], closingComments: [String],
            problem: String?
        ) {
            self.statement = statement
            self.lineIndent = lineIndent
            self.newline = newline
            self.arms = arms
            self.closingComments = closingComments
            self.problem = problem
        }
    }

    struct ArmSource: Equatable {
        /// Comment lines between the previous arm's body (or the `{`) and this label, without
        /// their indentation.
        var leadingComments: [String]
        /// From after the label's `:` through the end of the body's last line (a comment
        /// ending that line included), without trailing blanks.
        var body: String
        /// Per pattern, in the order of the label's items; empty for `default:`.
        var items: [ItemSource]

        init(leadingComments: [String], body: String, items: [ItemSource]) {
            self.leadingComments = leadingComments
            self.body = body
            self.items = items
        }
    }

    struct ItemSource: Equatable {
        /// Per element of `CaseItem.elements`: the element's text, exactly as written.
        var elements: [String]
        /// Per element: for an enum case written with a payload (`.running(let n)`), the
        /// payload's fields as patterns, without labels, each with the element's own `let`
        /// or `var`; nil otherwise.
        var payloadFields: [[String]?]
        /// The `where` clause's condition, exactly as written.
        var condition: String?
        /// The bare bindings of the pattern (`let x`, `case let (x, y)`) that its condition or the
        /// arm's body mentions.
        var usedBindings: [String]

        init(elements: [String], payloadFields: [[String]?], condition: String?, usedBindings: [String]) {
            self.elements = elements
            self.payloadFields = payloadFields
            self.condition = condition
            self.usedBindings = usedBindings
        }
    }

    /// One `case …:` or `default:` of a dispatcher's switch, with what its body does.
    struct Arm: Equatable {
        enum Label: Equatable {
            case `default`
            /// `@unknown default:`.
            case unknownDefault
            /// `case p, q where …:`; `unknown` for `@unknown case`.
            case items([CaseItem], unknown: Bool)
            /// A `case` whose `:` could not be found: what it matches is not known.
            case unreadable
        }

        var label: Label
        /// From `case`, `default` or `@unknown` through the `:`.
        var labelRange: Range<Int>
        /// The label as written, on one line.
        var labelText: String
        var outcome: Outcome
        /// Where the arm sits in the text, to rewrite its label or remove it.
        var layout: Layout
        /// The names the label's bare bindings introduce (`let x`, `case let (s, a)`) that its
        /// body mentions: a pattern cannot be spelt out without them.
        var usedBindings: [String]
        /// A `fallthrough` in the body: the next arm's label must keep taking it.
        var fallsThrough: Bool
        /// The members the body calls on the cells parameter (`c.onUnlock(ctx)`, also inside
        /// `delegateAuth(c, ctx, st, c.loggedOutCredentials(ctx, st))`), in order: which members
        /// serve this arm's cells when a hand-written protocol names them its own way.
        var cellsCalls: [Name] = []

        init(
            label: Label, labelRange: Range<Int>, labelText: String, outcome: Outcome,
            layout: Layout? = nil, usedBindings: [String] = [], fallsThrough: Bool = false
        ) {
            self.label = label
            self.labelRange = labelRange
            self.labelText = labelText
            self.outcome = outcome
            self.layout = layout ?? Layout(removal: labelRange, labelIndent: "", patternIndent: "", newline: "\n")
            self.usedBindings = usedBindings
            self.fallsThrough = fallsThrough
        }

        /// `default:`, or an unguarded pattern with `_` or a bare binding in some position.
        var hasCatchAll: Bool {
            switch label {
            case .default, .unknownDefault: return true
            case .items(let items, _): return items.contains { !$0.isGuarded && $0.elements.contains(where: \.matchesEverything) }
            case .unreadable: return false
            }
        }

        struct Layout: Equatable {
            /// The whole arm, from the start of its label's line (when only blanks come before
            /// the label) through the line break after its body's last token.
            var removal: Range<Int>
            /// Blanks as wide as what precedes the label on its line.
            var labelIndent: String
            /// Blanks as wide as what precedes the label's first pattern on its line.
            var patternIndent: String
            /// The line break of the label's line.
            var newline: String

            init(removal: Range<Int>, labelIndent: String, patternIndent: String, newline: String) {
                self.removal = removal
                self.labelIndent = labelIndent
                self.patternIndent = patternIndent
                self.newline = newline
            }
        }
    }

    /// One pattern of a `case` label, with its `where` clause if it has one.
    struct CaseItem: Equatable {
        /// For a tuple pattern `(p, q)` with as many elements as the switch has subjects, one
        /// element per subject, in order; otherwise the whole pattern as one element.
        var elements: [PatternElement]
        var isTuple: Bool
        /// A `where` clause: the item matches only when it holds, so Swift's exhaustiveness check
        /// does not count it, and which arm runs is decided at run time.
        var isGuarded: Bool
        /// From the pattern's first token through its last, before any `where`.
        var range: Range<Int>
        /// `let` or `var` written before the whole pattern (`case let (.running(since), a):`).
        var bindingKeyword: String?

        init(
            elements: [PatternElement], isTuple: Bool, isGuarded: Bool, range: Range<Int>, bindingKeyword: String? = nil
        ) {
            self.elements = elements
            self.isTuple = isTuple
            self.isGuarded = isGuarded
            self.range = range
            self.bindingKeyword = bindingKeyword
        }
    }

    struct PatternElement: Equatable {
        enum Kind: Equatable {
            /// `_`.
            case wildcard
            /// `let x`, `var x`, or `x` under a `let` that applies to the whole pattern.
            case binding(String)
            /// An enum case, `.idle`, `S.idle`, `.running(let since)`. `refutablePayload` when the
            /// payload holds a value or an expression to match (`.running(0)`), so the element
            /// covers only part of the case.
            case member(String, refutablePayload: Bool)
            /// Anything else: an expression pattern, `is`, `as`, an optional pattern.
            case other
        }

        var kind: Kind
        var range: Range<Int>
        /// As written, on one line.
        var text: String

        init(kind: Kind, range: Range<Int>, text: String) {
            self.kind = kind
            self.range = range
            self.text = text
        }

        /// `_` or a bare binding: matches every value, including those added later.
        var matchesEverything: Bool {
            switch kind {
            case .wildcard, .binding: return true
            case .member, .other: return false
            }
        }

        /// The enum case it names, if it names one and covers all of it.
        var wholeMember: String? {
            if case .member(let name, false) = kind { return name }
            return nil
        }
    }

    /// What an arm's body does, read from its last statement.
    struct Outcome: Equatable {
        enum Kind: Equatable {
            /// `.go(.x, effects: [...])`; `target` is the case name, `effects` the effect names.
            case go(target: Name, effects: [Name])
            /// `.ignored`.
            case ignored
            /// `.stay(effects: [...])`.
            case stay(effects: [Name])
            /// A call to a member of the `Cells` protocol, `c.idleStart(ctx)`.
            case handle(member: String)
            /// A delegation to a child: a call to `delegate…(…)` or to a `…ToChild` member.
            case delegate(callee: String)
            /// `fatalError(…)`.
            case unreachable
            /// Anything tablint does not read with confidence: control flow, a computed step.
            case unreadable
        }

        var kind: Kind
        /// The expression read (after `return`), or the whole body when it is unreadable.
        var range: Range<Int>
        /// As written, on one line and shortened.
        var text: String
        /// Where the body's statement starts (its `return`, or the expression) when the body is
        /// that one statement, on whatever line: what a fix may rewrite without touching the
        /// author's code. nil for a body with statements of its own.
        var soleStatementStart: Int?
        /// Whether its last statement is the expression alone, without `return`: an arm of a
        /// `switch` expression (`return switch …`, or a body that is only the switch).
        var omitsReturn = false
        /// For a `.handle` call, every argument's label in order (`_` for none): the overload the
        /// call reaches (`tick(ctx, payload: p)` is `tick(_:payload:)`). nil for another outcome.
        var argumentLabels: [String]?

        init(kind: Kind, range: Range<Int>, text: String) {
            self.kind = kind
            self.range = range
            self.text = text
        }
    }
}
