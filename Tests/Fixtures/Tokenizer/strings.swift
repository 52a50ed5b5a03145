let a = "plain"
let b = "esc \" \\ \n \t \u{1F600} \0"
let c = "interp \(x) and \(f(y, "inner \(z)")) end"
let d = "nested \("a\("b\("c")")") deep"
let e = "closure \({ (v: Int) -> String in "\(v)" }(1))"
let f = """
    multi "quoted" ""two""
    \(x) line \
    continued
      indented
    """
let g = #"raw \(not) \#(yes) "quote" \n"#
let h = ##"two "# inside \##(x) \#(no)"##
let i = ###"three "## \###(x)"###
let j = #"""
    raw multi \#(x) """ inside
    """#
let k = ""
let l = """
    """
let m = "tail \(x)"
let n = "\(a)\(b)\(c)"
let o = "paren \((1 + 2) * (3))"
let p = "ml in interp \("""
    x
    """)"
let q = 'c'
let r = "emoji 😀 é 变量"
let s = "a\(b)" + "c"
let t = """
    one\(
        two
    )three
    """
let u = #"\"#
let v = "\\"
let w = "unicode \u{41}"
