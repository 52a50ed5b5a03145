let a = #/abc
let b = 2
