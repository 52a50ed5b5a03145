let a = `abc
let b = 1
