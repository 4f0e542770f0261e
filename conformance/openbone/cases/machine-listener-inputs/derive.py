"""machine-listener-inputs: §9.5 input actions and §9.2 inputs set on
entering a state, by hand. Inputs: on (bool false), n (number 0), go
(trigger). Listener flip (slot null, down): toggleInput on, then setInput
n "3" (a string given to a number input ⇒ Number("3") = 3). Listener
kick (slot null, up): toggleInput go (a trigger: setInput(go, !false) ⇒
fire).
Layer base: idle → lit when on == true; lit → hot when n >= 3 (both
without exit time, mix 0). State hot sets n to 10 on enter; hot → cool on
trigger go; cool sets on to false on enter.
Layer watch: w0 → w1 when n == 10.
 pointer down, advance 0: step 3 flip: on = true, n = 3; step 5 base:
   idle → lit, hop 2: lit → hot (n ≥ 3), hot's enter sets n = 10; hop 3:
   hot → cool needs go ⇒ stop at hot. Then layer watch settles (layers in
   order): n == 10 ⇒ w1. ⇒ states [hot, w1].
 pointer up, advance 0: kick fires go ⇒ hot → cool; cool sets on =
   false ⇒ [cool, w1].
 pointer down, advance 0: flip toggles on back to true (it had been set
   false) ⇒ cool has no transitions ⇒ [cool, w1]; n = 3 but w1 stays."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from machlib import *
base = layer('base', 'idle', [state('idle'), state('lit'),
                              state('hot', inputs=[{'input': 'n', 'value': 10}]),
                              state('cool', inputs=[{'input': 'on', 'value': False}])],
             [transition('idle', 'lit', conditions=[cond('on', '==', True)]),
              transition('lit', 'hot', conditions=[cond('n', '>=', 3)]),
              transition('hot', 'cool', conditions=[cond('go')])])
watch = layer('watch', 'w0', [state('w0'), state('w1')],
              [transition('w0', 'w1', conditions=[cond('n', '==', 10)])])
flip = {'id': 'flip', 'name': 'flip', 'slot': None, 'event': 'down', 'actions': [
    {'type': 'toggleInput', 'input': 'on'}, {'type': 'setInput', 'input': 'n', 'value': '3'}]}
kick = {'id': 'kick', 'name': 'kick', 'slot': None, 'event': 'up', 'actions': [
    {'type': 'toggleInput', 'input': 'go'}]}
doc = document([bone('root')])
doc['stateMachines'] = [machine('m', [inp('on', 'bool', False), inp('n', 'number', 0), inp('go', 'trigger')],
                                [base, watch], listeners=[flip, kick])]
script = ('machine m\npointer down 0 0\nadvance 0\nsample\npointer up 0 0\nadvance 0\nsample\n'
          'pointer down 0 0\nadvance 0\nsample\n')
lines = [{'states': ['hot', 'w1']}, {'states': ['cool', 'w1']}, {'states': ['cool', 'w1']}]
write_case(here(__file__), doc, script, lines)
