"""skin-bones: a bone listed in a skin's `bones` is skin-only (§3.3): with
skin none it is inactive, its world stays identity (never posed), its slot
draws nothing. After setSkin hero and one advance it is posed, and the
hero skin's attachment overrides the default skin's (§8.1). setSkin by name.
Its child is inactive while it is (an inactive bone's children are too)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root', x=1), bone('cape', parent='root', x=2, rotation=90), bone('tip', parent='cape', x=3)]
slots = [{'id': 's-body', 'name': 'body', 'bone': 'root', 'attachment': 'look'},
         {'id': 's-cape', 'name': 'cape', 'bone': 'cape', 'attachment': 'look'}]
small = {'type': 'region', 'image': None, 'width': 2, 'height': 2}
large = {'type': 'region', 'image': None, 'width': 4, 'height': 4}
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s-body': {'look': small}, 's-cape': {'look': small}}},
         {'id': 'skin-hero', 'name': 'hero', 'bones': ['cape'], 'attachments': {'s-body': {'look': large}}}]
doc = document(bones, slots, skins)
w = worlds(bones)
ident = matrix(IDENTITY)
lines = [
    {'bones': {'root': matrix(w['root']), 'cape': ident, 'tip': ident},
     'draw': [{'slot': 'body', 'vertices': numbers(region_vertices(small, w['root']))}]},
    # setSkin recomputes the flags but not the worlds (OPENBONE-SAMPLES §2):
    # cape is active now, so its slot draws, through its stale identity world.
    {'bones': {'cape': ident}, 'draw': [{'slot': 'body', 'vertices': numbers(region_vertices(large, w['root']))},
                                        {'slot': 'cape', 'vertices': numbers(region_vertices(small, IDENTITY))}]},
    {'bones': {'root': matrix(w['root']), 'cape': matrix(w['cape']), 'tip': matrix(w['tip'])},
     'draw': [{'slot': 'body', 'vertices': numbers(region_vertices(large, w['root']))},
              {'slot': 'cape', 'vertices': numbers(region_vertices(small, w['cape']))}]},
]
write_case(here(__file__), doc, 'sample\nsetSkin hero\nsample\nadvance 0\nsample\n', lines)
