let a = #/
  a+ / b
  /#
let b = ##/
  a /# b
  /##
let c = #/a/# + #/b/#
let d = #/a\/#/#
let e = #//#
let f = #/ /#
let g = x.matches(of: /\d+/).count
let h = text.split(separator: /\s*,\s*/)
let i = try! Regex(#"\d+"#)
let j = /(?<name>\w+)\s\d/
switch s { case /a/: break; default: break }
let k = [/a/, /b/]
let l = a / b / c / d
let m = (a / b) / (c / d)
let n = x / 2 + y / 3
let o = arr.map { $0 / 2 }.reduce(0, /)
let p = #/a
let q = 1
