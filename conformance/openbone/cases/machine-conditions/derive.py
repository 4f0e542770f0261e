"""machine-conditions: §9.3 condition semantics and §9.5 setInput
conversions, by hand. One layer per condition, each with states `no`
(entry) and `yes` and one transition no → yes (exitTime absent and a
condition ⇒ no exit time). Inputs: n number 0, b bool false, s string "".
Script 1: setInput n 0.3000000001, setInput b true, setInput s 1 (a number
given to a string input ⇒ String(1) = "1"), advance 0:
 eq-eps    n == 0.3: |0.3000000001 − 0.3| = 1e-10 ≤ 1e-9 ⇒ yes
 ne-strict n != 0.3: strict, no epsilon: 0.3000000001 !== 0.3 ⇒ yes
 bool-one  b == 1: true === 1 is false (strict) ⇒ no
 bool-ge   b >= 1: Number(true) = 1 ≥ 1 ⇒ yes
 str-num   s == 1: string input: String("1") == String(1) ⇒ yes
 gt        n > 2 ⇒ no
 str-gt    s > 0.5: Number("1") = 1 > 0.5 ⇒ yes
 ghost     a condition on an input that does not exist ⇒ false ⇒ no
 b-false   b == false ⇒ no (b is true)
Script 2: setInput n "7" (Number("7") = 7), setInput b yes (a string that
is not "true" ⇒ false), advance 0: gt ⇒ yes, b-false ⇒ yes; bool-one
stays no (false === 1 is false too); the others keep their state (yes has
no way back)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from machlib import *
tests = [('eq-eps', cond('n', '==', 0.3)), ('ne-strict', cond('n', '!=', 0.3)),
         ('bool-one', cond('b', '==', 1)), ('bool-ge', cond('b', '>=', 1)),
         ('str-num', cond('s', '==', 1)), ('gt', cond('n', '>', 2)),
         ('str-gt', cond('s', '>', 0.5)), ('ghost', cond('ghost', '==', 1)),
         ('b-false', cond('b', '==', False))]
layers = [layer(name, 'no', [state('no'), state('yes')], [transition('no', 'yes', conditions=[c])])
          for name, c in tests]
doc = document([bone('root')])
doc['stateMachines'] = [machine('m', [inp('n', 'number', 0), inp('b', 'bool', False),
                                      inp('s', 'string', '')], layers)]
script = ('machine m\nsetInput n 0.3000000001\nsetInput b true\nsetInput s 1\nadvance 0\nsample\n'
          'setInput n "7"\nsetInput b yes\nadvance 0\nsample\n')
first = ['yes', 'yes', 'no', 'yes', 'yes', 'no', 'yes', 'no', 'no']
second = ['yes', 'yes', 'no', 'yes', 'yes', 'yes', 'yes', 'no', 'yes']
lines = [{'states': first}, {'states': second}]
write_case(here(__file__), doc, script, lines)
