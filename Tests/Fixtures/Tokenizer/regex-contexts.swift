x = / a/
x = /=/
x = /+ b/
x = /a /
x = /a/
x = !/a/
x = !/ a/
x = ++/+ b/
x = /(a: V) { V(a.x/b.x) }
x = /b)/
x = /[)]/
x = /\)/
x + / a/
x + /=/
x + /+ b/
x + /a /
x + /a/
x + !/a/
x + !/ a/
x + ++/+ b/
x + /(a: V) { V(a.x/b.x) }
x + /b)/
x + /[)]/
x + /\)/
x && / a/
x && /=/
x && /+ b/
x && /a /
x && /a/
x && !/a/
x && !/ a/
x && ++/+ b/
x && /(a: V) { V(a.x/b.x) }
x && /b)/
x && /[)]/
x && /\)/
f( / a/
f( /=/
f( /+ b/
f( /a /
f( /a/
f( !/a/
f( !/ a/
f( ++/+ b/
f( /(a: V) { V(a.x/b.x) }
f( /b)/
f( /[)]/
f( /\)/
f(a, / a/
f(a, /=/
f(a, /+ b/
f(a, /a /
f(a, /a/
f(a, !/a/
f(a, !/ a/
f(a, ++/+ b/
f(a, /(a: V) { V(a.x/b.x) }
f(a, /b)/
f(a, /[)]/
f(a, /\)/
[ / a/
[ /=/
[ /+ b/
[ /a /
[ /a/
[ !/a/
[ !/ a/
[ ++/+ b/
[ /(a: V) { V(a.x/b.x) }
[ /b)/
[ /[)]/
[ /\)/
return / a/
return /=/
return /+ b/
return /a /
return /a/
return !/a/
return !/ a/
return ++/+ b/
return /(a: V) { V(a.x/b.x) }
return /b)/
return /[)]/
return /\)/
case / a/
case /=/
case /+ b/
case /a /
case /a/
case !/a/
case !/ a/
case ++/+ b/
case /(a: V) { V(a.x/b.x) }
case /b)/
case /[)]/
case /\)/
try / a/
try /=/
try /+ b/
try /a /
try /a/
try !/a/
try !/ a/
try ++/+ b/
try /(a: V) { V(a.x/b.x) }
try /b)/
try /[)]/
try /\)/
if / a/
if /=/
if /+ b/
if /a /
if /a/
if !/a/
if !/ a/
if ++/+ b/
if /(a: V) { V(a.x/b.x) }
if /b)/
if /[)]/
if /\)/
in / a/
in /=/
in /+ b/
in /a /
in /a/
in !/a/
in !/ a/
in ++/+ b/
in /(a: V) { V(a.x/b.x) }
in /b)/
in /[)]/
in /\)/
await / a/
await /=/
await /+ b/
await /a /
await /a/
await !/a/
await !/ a/
await ++/+ b/
await /(a: V) { V(a.x/b.x) }
await /b)/
await /[)]/
await /\)/
{ / a/
{ /=/
{ /+ b/
{ /a /
{ /a/
{ !/a/
{ !/ a/
{ ++/+ b/
{ /(a: V) { V(a.x/b.x) }
{ /b)/
{ /[)]/
{ /\)/
y; / a/
y; /=/
y; /+ b/
y; /a /
y; /a/
y; !/a/
y; !/ a/
y; ++/+ b/
y; /(a: V) { V(a.x/b.x) }
y; /b)/
y; /[)]/
y; /\)/
a ? / a/
a ? /=/
a ? /+ b/
a ? /a /
a ? /a/
a ? !/a/
a ? !/ a/
a ? ++/+ b/
a ? /(a: V) { V(a.x/b.x) }
a ? /b)/
a ? /[)]/
a ? /\)/
a ? b : / a/
a ? b : /=/
a ? b : /+ b/
a ? b : /a /
a ? b : /a/
a ? b : !/a/
a ? b : !/ a/
a ? b : ++/+ b/
a ? b : /(a: V) { V(a.x/b.x) }
a ? b : /b)/
a ? b : /[)]/
a ? b : /\)/
x / a/
x /=/
x /+ b/
x /a /
x /a/
x !/a/
x !/ a/
x ++/+ b/
x /(a: V) { V(a.x/b.x) }
x /b)/
x /[)]/
x /\)/
1 / a/
1 /=/
1 /+ b/
1 /a /
1 /a/
1 !/a/
1 !/ a/
1 ++/+ b/
1 /(a: V) { V(a.x/b.x) }
1 /b)/
1 /[)]/
1 /\)/
(x) / a/
(x) /=/
(x) /+ b/
(x) /a /
(x) /a/
(x) !/a/
(x) !/ a/
(x) ++/+ b/
(x) /(a: V) { V(a.x/b.x) }
(x) /b)/
(x) /[)]/
(x) /\)/
x! / a/
x! /=/
x! /+ b/
x! /a /
x! /a/
x! !/a/
x! !/ a/
x! ++/+ b/
x! /(a: V) { V(a.x/b.x) }
x! /b)/
x! /[)]/
x! /\)/
-> / a/
-> /=/
-> /+ b/
-> /a /
-> /a/
-> !/a/
-> !/ a/
-> ++/+ b/
-> /(a: V) { V(a.x/b.x) }
-> /b)/
-> /[)]/
-> /\)/
. / a/
. /=/
. /+ b/
. /a /
. /a/
. !/a/
. !/ a/
. ++/+ b/
. /(a: V) { V(a.x/b.x) }
. /b)/
. /[)]/
. /\)/
@ / a/
@ /=/
@ /+ b/
@ /a /
@ /a/
@ !/a/
@ !/ a/
@ ++/+ b/
@ /(a: V) { V(a.x/b.x) }
@ /b)/
@ /[)]/
@ /\)/
#if / a/
#if /=/
#if /+ b/
#if /a /
#if /a/
#if !/a/
#if !/ a/
#if ++/+ b/
#if /(a: V) { V(a.x/b.x) }
#if /b)/
#if /[)]/
#if /\)/
let x / a/
let x /=/
let x /+ b/
let x /a /
let x /a/
let x !/a/
let x !/ a/
let x ++/+ b/
let x /(a: V) { V(a.x/b.x) }
let x /b)/
let x /[)]/
let x /\)/
let / a/
let /=/
let /+ b/
let /a /
let /a/
let !/a/
let !/ a/
let ++/+ b/
let /(a: V) { V(a.x/b.x) }
let /b)/
let /[)]/
let /\)/
self / a/
self /=/
self /+ b/
self /a /
self /a/
self !/a/
self !/ a/
self ++/+ b/
self /(a: V) { V(a.x/b.x) }
self /b)/
self /[)]/
self /\)/
Self / a/
Self /=/
Self /+ b/
Self /a /
Self /a/
Self !/a/
Self !/ a/
Self ++/+ b/
Self /(a: V) { V(a.x/b.x) }
Self /b)/
Self /[)]/
Self /\)/
super / a/
super /=/
super /+ b/
super /a /
super /a/
super !/a/
super !/ a/
super ++/+ b/
super /(a: V) { V(a.x/b.x) }
super /b)/
super /[)]/
super /\)/
true / a/
true /=/
true /+ b/
true /a /
true /a/
true !/a/
true !/ a/
true ++/+ b/
true /(a: V) { V(a.x/b.x) }
true /b)/
true /[)]/
true /\)/
nil / a/
nil /=/
nil /+ b/
nil /a /
nil /a/
nil !/a/
nil !/ a/
nil ++/+ b/
nil /(a: V) { V(a.x/b.x) }
nil /b)/
nil /[)]/
nil /\)/
init / a/
init /=/
init /+ b/
init /a /
init /a/
init !/a/
init !/ a/
init ++/+ b/
init /(a: V) { V(a.x/b.x) }
init /b)/
init /[)]/
init /\)/
func / a/
func /=/
func /+ b/
func /a /
func /a/
func !/a/
func !/ a/
func ++/+ b/
func /(a: V) { V(a.x/b.x) }
func /b)/
func /[)]/
func /\)/
operator / a/
operator /=/
operator /+ b/
operator /a /
operator /a/
operator !/a/
operator !/ a/
operator ++/+ b/
operator /(a: V) { V(a.x/b.x) }
operator /b)/
operator /[)]/
operator /\)/
is / a/
is /=/
is /+ b/
is /a /
is /a/
is !/a/
is !/ a/
is ++/+ b/
is /(a: V) { V(a.x/b.x) }
is /b)/
is /[)]/
is /\)/
as / a/
as /=/
as /+ b/
as /a /
as /a/
as !/a/
as !/ a/
as ++/+ b/
as /(a: V) { V(a.x/b.x) }
as /b)/
as /[)]/
as /\)/
Any / a/
Any /=/
Any /+ b/
Any /a /
Any /a/
Any !/a/
Any !/ a/
Any ++/+ b/
Any /(a: V) { V(a.x/b.x) }
Any /b)/
Any /[)]/
Any /\)/
} / a/
} /=/
} /+ b/
} /a /
} /a/
} !/a/
} !/ a/
} ++/+ b/
} /(a: V) { V(a.x/b.x) }
} /b)/
} /[)]/
} /\)/
] / a/
] /=/
] /+ b/
] /a /
] /a/
] !/a/
] !/ a/
] ++/+ b/
] /(a: V) { V(a.x/b.x) }
] /b)/
] /[)]/
] /\)/
"s" / a/
"s" /=/
"s" /+ b/
"s" /a /
"s" /a/
"s" !/a/
"s" !/ a/
"s" ++/+ b/
"s" /(a: V) { V(a.x/b.x) }
"s" /b)/
"s" /[)]/
"s" /\)/
$0 / a/
$0 /=/
$0 /+ b/
$0 /a /
$0 /a/
$0 !/a/
$0 !/ a/
$0 ++/+ b/
$0 /(a: V) { V(a.x/b.x) }
$0 /b)/
$0 /[)]/
$0 /\)/
_ / a/
_ /=/
_ /+ b/
_ /a /
_ /a/
_ !/a/
_ !/ a/
_ ++/+ b/
_ /(a: V) { V(a.x/b.x) }
_ /b)/
_ /[)]/
_ /\)/
x? / a/
x? /=/
x? /+ b/
x? /a /
x? /a/
x? !/a/
x? !/ a/
x? ++/+ b/
x? /(a: V) { V(a.x/b.x) }
x? /b)/
x? /[)]/
x? /\)/
#file / a/
#file /=/
#file /+ b/
#file /a /
#file /a/
#file !/a/
#file !/ a/
#file ++/+ b/
#file /(a: V) { V(a.x/b.x) }
#file /b)/
#file /[)]/
#file /\)/
..< / a/
..< /=/
..< /+ b/
..< /a /
..< /a/
..< !/a/
..< !/ a/
..< ++/+ b/
..< /(a: V) { V(a.x/b.x) }
..< /b)/
..< /[)]/
..< /\)/
& / a/
& /=/
& /+ b/
& /a /
& /a/
& !/a/
& !/ a/
& ++/+ b/
& /(a: V) { V(a.x/b.x) }
& /b)/
& /[)]/
& /\)/
! / a/
! /=/
! /+ b/
! /a /
! /a/
! !/a/
! !/ a/
! ++/+ b/
! /(a: V) { V(a.x/b.x) }
! /b)/
! /[)]/
! /\)/
`x` / a/
`x` /=/
`x` /+ b/
`x` /a /
`x` /a/
`x` !/a/
`x` !/ a/
`x` ++/+ b/
`x` /(a: V) { V(a.x/b.x) }
`x` /b)/
`x` /[)]/
`x` /\)/
x.y / a/
x.y /=/
x.y /+ b/
x.y /a /
x.y /a/
x.y !/a/
x.y !/ a/
x.y ++/+ b/
x.y /(a: V) { V(a.x/b.x) }
x.y /b)/
x.y /[)]/
x.y /\)/
#/a/# / a/
#/a/# /=/
#/a/# /+ b/
#/a/# /a /
#/a/# /a/
#/a/# !/a/
#/a/# !/ a/
#/a/# ++/+ b/
#/a/# /(a: V) { V(a.x/b.x) }
#/a/# /b)/
#/a/# /[)]/
#/a/# /\)/
x ?? / a/
x ?? /=/
x ?? /+ b/
x ?? /a /
x ?? /a/
x ?? !/a/
x ?? !/ a/
x ?? ++/+ b/
x ?? /(a: V) { V(a.x/b.x) }
x ?? /b)/
x ?? /[)]/
x ?? /\)/
where / a/
where /=/
where /+ b/
where /a /
where /a/
where !/a/
where !/ a/
where ++/+ b/
where /(a: V) { V(a.x/b.x) }
where /b)/
where /[)]/
where /\)/
\ / a/
\ /=/
\ /+ b/
\ /a /
\ /a/
\ !/a/
\ !/ a/
\ ++/+ b/
\ /(a: V) { V(a.x/b.x) }
\ /b)/
\ /[)]/
\ /\)/
x<Int> / a/
x<Int> /=/
x<Int> /+ b/
x<Int> /a /
x<Int> /a/
x<Int> !/a/
x<Int> !/ a/
x<Int> ++/+ b/
x<Int> /(a: V) { V(a.x/b.x) }
x<Int> /b)/
x<Int> /[)]/
x<Int> /\)/
