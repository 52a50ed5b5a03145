let a = """
    """
let b = """
    a\nb \t \" \"""
    ""\"
    """
let c = """
    \(1)\(2)
    \("x" + """
        nested
        """)
    """
let d = #"""
    "#"""# \#(x)
    """#
let e = """
  trailing \
  """
let f = """

    blank lines

    """
let g = #/
  (?<x> a+ ) # comment
  /x
/#
let h = ##/a/#b/##
