let a = "abc
let b = 1
let c = "\(x
let d = 2
let e = #"abc"
let f = 3
let g = "a\(b + "c)"
let h = 4
