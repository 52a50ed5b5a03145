// An app's own `Table` type: its calls use labels that are not the library's, so they are
// not matrices, and nothing is said about them.
struct Table {
    let machine: String
    let seats: Int
}

let window = Table(machine: "espresso", seats: 4)
let corner = Table.init(machine: "filter", seats: 2)
let booth: Table = .init(machine: "grinder", seats: 6)
