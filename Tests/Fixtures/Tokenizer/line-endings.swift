let a = 1
let b = "x"let c = 2
// c/* a
 b */let d = """
  x
  """
