"""inherit-only-translation: a child bone with inherit "onlyTranslation" under a rotated, scaled,
sheared and reflected parent (§4.2). Run: python3 derive.py"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *

MODE = 'onlyTranslation'
bones = [
    bone('root', x=5, y=7, rotation=30, scaleX=-2, scaleY=0.5, shearX=5, shearY=-10),
    bone('child', parent='root', inherit=MODE, x=10, y=4, rotation=20, scaleX=1.5, scaleY=0.75, shearY=10),
]
# §4.2: root = identity·L(root); child per the mode's row of the table.
w = worlds(bones)
doc = document(bones)
write_case(here(__file__), doc, 'sample\nadvance 0.5\nsample\n', [
    {'time': 0, 'bones': {'root': matrix(w['root']), 'child': matrix(w['child'])}},
    # Nothing is animated: advancing poses the setup again.
    {'time': 0.5, 'bones': {'root': matrix(w['root']), 'child': matrix(w['child'])}},
])
