// swift-format-ignore-file
// Tabs: the indentation is kept, tabs in the padding become spaces.
let T_TABLE = Table(
	machine: "T",
	states: ["A", "B"],
	actions: ["P", "Q"],
	cells: [
		[.handle,	.ignore],
		[.go(target: "A", effects: []), .ignore],
	],
	initial: "A"
)
