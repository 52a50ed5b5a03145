let a = /ab+c/
let b = x / y / z
let c = foo(/a/, /b/)
let d = [/x/, /y/]
let e = #/a/b/#
let f = ##/a/#b/##
let g = #/
  multi
  line
/#
let h = a.filter { $0 /2 }
let i = (/abc/)
let j = x! / y
let k = x? / 2
let l = /a\/b/
let m = 1 / 2
let n = /[/]/
let o = [1, 2].map { $0 / 2 }
let p = a / b
let q = "s" / 2
let r = ) / x /
if x == /a/ { }
let s = !/a/.matches
return /x/
let t = x /= 2
let u = /=/
let v = a ?? /b/
let w = case /x/
let y = /a b/
let z = / a/
let aa = /a /
let ab = x.y / z / w
let ac = f() / g() / h()
let ad = arr[0] / arr[1] / 2
let ae = try /x/
let af = x+/y/
let ag = x + /y/
let ah = /(a)/
let ai = /a)/
let aj = #/ /#
let ak = "\(/a/)"
