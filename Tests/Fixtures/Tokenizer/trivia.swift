// line comment
/// doc comment
/* block */ /** doc block */
/* nested /* inner */ still */ code
/* multi
   line */
let a = 1 // trailing
let b = 2 /* trailing block */
let c = a/**/+b
let d = a /* /* */ */ + b
