let a = "a\(b
let c = 1
let d = "x \("y) z"
let e = "\("\("\(1)")")"
let f = """
    \(
    1 +
    2
    )
    """
let g = "\#(x) \\(y)"
let h = #"\\#(x)"#
let i = ##"\#(x) \##(y)"##
let j = "\u{1F600}\u{41}\x"
let k = """
    a""" + "b"
let l = """abc"""
let m = """
    abc
   """
let n = "a" "b"
let o = "\(a)" + "\(b, c)" + "\(d: 1)"
let p = "tail\
let q = 1
let r = #"a"## + 2
let s = ###"a"##"###
