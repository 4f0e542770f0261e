"""text-format-number: formatNumber(v, pattern) (§8.9) with JavaScript's
toFixed (the exact binary value, ties up: 2.5 → "3", 1.005 → "1.00",
12345.675 → "12345.67") over one text attachment per pattern family:
grouping, padding, optional digits ("#.##" writes 0.5 as ".5"), plus,
percent (v·100; 1e307·100 overflows to Infinity ⇒ prefix + "Infinity" +
"%" + suffix), a negative value that rounds to zero (no "-"), a pattern
the regular expression does not match (plain(v) + pattern), and dot-all
suffixes. Expected texts from particlelib.format_number (Decimal
ROUND_HALF_UP transcription, independent of the C code) and checked by
hand below."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
from machlib import machine, inp
from particlelib import format_template

inputs = {'half': 2.5, 'cent': 1.005, 'big': 1234567.891, 'tie': 12345.675, 'small': 0.5,
          'neg': -0.001, 'negbig': -98765.4321, 'ratio': 0.256, 'huge': 1e307, 'tiny': 1.5e-7}
cases = [
    ('{half:0}', '3'),
    ('{cent:0.00}', '1.00'),
    ('{tie:#,##0.00}', '12,345.67'),
    ('{big:#,##0.00}', '1,234,567.89'),
    ('{big:0}', '1234568'),
    ('{small:#.##}', '.5'),
    ('{small:0.00#}', '0.50'),
    ('{neg:0.00}', '0.00'),
    ('{negbig:$#,##0.0 USD}', '$-98,765.4 USD'),
    ('{ratio:+0.0%}', '+25.6%'),
    ('{huge:0%!}', 'Infinity%!'),
    ('{ratio:abc}', '0.256abc'),
    ('{tiny}', '0'),
    ('{tiny:0.000000000}', '0.000000150'),
    ('{big:00000000000.0000}', '00001234567.8910'),
    ('{half:x+#}', 'x+3'),
    ('{ratio:0.0\nz}', '0.3\nz'),
]
lookup = lambda n: (n in inputs, inputs.get(n))
slots, atts = [], {}
for i, (template, want) in enumerate(cases):
    got = format_template(template, lookup)
    assert got == want, (template, got, want)
    slots.append({'id': f's{i}', 'name': f's{i}', 'bone': 'root', 'attachment': 't'})
    atts[f's{i}'] = {'t': {'type': 'text', 'text': template, 'width': 10, 'height': 10}}
doc = document([bone('root')], slots=slots,
               skins=[{'id': 'default', 'name': 'default', 'attachments': atts}])
doc['stateMachines'] = [machine('m', inputs=[inp(k, 'number', v) for k, v in inputs.items()])]
lines = [{'draw': [{'slot': f's{i}', 'type': 'text', 'text': want} for i, (_, want) in enumerate(cases)]}]
write_case(here(__file__), doc, 'sample\n', lines)
