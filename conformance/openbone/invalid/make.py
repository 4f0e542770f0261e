"""make.py — writes the minimal invalid (or warned) documents of the §2
loader rules and Part B shape checks, one per rule, with what `anima bone
validate --format=json` must report (<name>.expect.json: exit status and
diagnostics by code and JSON pointer). Each entry below is the smallest
document that breaks exactly one rule. Run: python3 make.py"""
import copy, json, os

BASE = {'format': 'openbone', 'version': 1,
        'skeleton': {'bones': [{'id': 'root', 'name': 'root'}]},
        'skins': [{'id': 'default', 'name': 'default'}]}


def doc(change):
    d = copy.deepcopy(BASE)
    change(d)
    return d


def region(**extra):
    r = {'type': 'region', 'width': 2, 'height': 2}
    r.update(extra)
    return r


def with_attachment(att):
    def change(d):
        d['skeleton']['slots'] = [{'id': 's', 'name': 's', 'bone': 'root'}]
        d['skins'][0]['attachments'] = {'s': {'a': att}}
    return change


def with_atlas(atlas, images=({'id': 'img', 'name': 'img', 'width': 4, 'height': 4, 'src': None},)):
    def change(d):
        d['images'] = list(images)
        d['atlas'] = atlas
    return change


PAGE = {'id': 'page0', 'width': 64, 'height': 64, 'src': None}


def with_timeline(tl):
    def change(d):
        d['animations'] = [{'id': 'an', 'name': 'an', 'timelines': [tl]}]
    return change


def with_machine(**parts):
    def change(d):
        m = {'id': 'm', 'name': 'm'}
        m.update(parts)
        d.setdefault('animations', []).append({'id': 'an', 'name': 'an'})
        d['stateMachines'] = [m]
    return change


MACHINE = '/stateMachines/0'
E = lambda code, pointer: {'code': code, 'pointer': pointer, 'severity': 'error'}
W = lambda code, pointer: {'code': code, 'pointer': pointer, 'severity': 'warning'}
ATT = '/skins/0/attachments/s/a'
KEYS = '/animations/0/timelines/0/keys'

cases = {
    # §2 step 1
    'not-json': ('{"format": "openbone",', 1, [E('not-json', '')]),
    'not-object': ('[1, 2]', 1, [E('not-object', '')]),
    'format-wrong': (doc(lambda d: d.update(format='OpenBone')), 1, [E('bad-format', '/format')]),
    'format-missing': (doc(lambda d: d.pop('format')), 1, [E('bad-format', '')]),
    'version-too-new': (doc(lambda d: d.update(version=1.5)), 1, [E('bad-version', '/version')]),
    'version-missing': (doc(lambda d: d.pop('version')), 1, [E('missing-key', '')]),
    'version-not-number': (doc(lambda d: d.update(version='1')), 1, [E('bad-type', '/version')]),
    # Part B required keys and shapes
    'skeleton-missing': (doc(lambda d: d.pop('skeleton')), 1, [E('missing-key', '')]),
    'skins-missing': (doc(lambda d: d.pop('skins')), 1, [E('missing-key', '')]),
    'skins-empty': (doc(lambda d: d.update(skins=[])), 1, [E('bad-value', '/skins')]),
    'bones-missing': (doc(lambda d: d['skeleton'].pop('bones')), 1, [E('missing-key', '/skeleton')]),
    'bone-not-object': (doc(lambda d: d['skeleton'].update(bones=['root'])), 1, [E('bad-type', '/skeleton/bones/0')]),
    'bone-id-missing': (doc(lambda d: d['skeleton']['bones'][0].pop('id')), 1, [E('missing-key', '/skeleton/bones/0')]),
    'bone-id-empty': (doc(lambda d: d['skeleton']['bones'][0].update(id='')), 1, [E('bad-value', '/skeleton/bones/0/id')]),
    'bone-name-missing': (doc(lambda d: d['skeleton']['bones'][0].pop('name')), 1, [E('missing-key', '/skeleton/bones/0')]),
    'bone-number-type': (doc(lambda d: d['skeleton']['bones'][0].update(x='1')), 1, [E('bad-type', '/skeleton/bones/0/x')]),
    'bone-inherit': (doc(lambda d: d['skeleton']['bones'][0].update(inherit='noShear')), 1, [E('bad-value', '/skeleton/bones/0/inherit')]),
    'duplicate-id': (doc(lambda d: d['skeleton']['bones'].append({'id': 'root', 'name': 'again'})), 1,
                     [E('duplicate-id', '/skeleton/bones/1/id')]),
    'duplicate-id-across-kinds': (doc(lambda d: d['skins'][0].update(id='root')), 1, [E('duplicate-id', '/skins/0/id')]),
    'slot-bad-color': (doc(lambda d: d['skeleton'].update(slots=[{'id': 's', 'name': 's', 'bone': 'root', 'color': '#12345'}])), 1,
                       [E('bad-color', '/skeleton/slots/0/color')]),
    'slot-bad-dark': (doc(lambda d: d['skeleton'].update(slots=[{'id': 's', 'name': 's', 'bone': 'root', 'dark': 'black'}])), 1,
                      [E('bad-color', '/skeleton/slots/0/dark')]),
    'slot-bad-blend': (doc(lambda d: d['skeleton'].update(slots=[{'id': 's', 'name': 's', 'bone': 'root', 'blend': 'overlay'}])), 1,
                       [E('bad-value', '/skeleton/slots/0/blend')]),
    'slot-bone-missing': (doc(lambda d: d['skeleton'].update(slots=[{'id': 's', 'name': 's'}])), 1, [E('missing-key', '/skeleton/slots/0')]),
    'ik-three-bones': (doc(lambda d: d['skeleton'].update(ik=[{'id': 'k', 'bones': ['root', 'root', 'root'], 'target': 'root'}])), 1,
                       [E('bad-value', '/skeleton/ik/0/bones')]),
    'ik-target-missing': (doc(lambda d: d['skeleton'].update(ik=[{'id': 'k', 'bones': ['root']}])), 1, [E('missing-key', '/skeleton/ik/0')]),
    'attachment-type': (doc(with_attachment({'type': 'sprite'})), 1, [E('bad-value', ATT + '/type')]),
    'region-width-missing': (doc(with_attachment({'type': 'region', 'height': 2})), 1, [E('missing-key', ATT)]),
    'region-bad-color': (doc(with_attachment(region(color='white'))), 1, [E('bad-color', ATT + '/color')]),
    'mesh-odd-vertices': (doc(with_attachment({'type': 'mesh', 'vertices': [0, 0, 1], 'uvs': [], 'triangles': []})), 1,
                          [E('bad-value', ATT + '/vertices')]),
    'mesh-uvs-count': (doc(with_attachment({'type': 'mesh', 'vertices': [0, 0, 1, 0, 0, 1], 'uvs': [0, 0], 'triangles': [0, 1, 2]})), 1,
                       [E('bad-value', ATT + '/uvs')]),
    'mesh-triangle-range': (doc(with_attachment({'type': 'mesh', 'vertices': [0, 0, 1, 0, 0, 1], 'uvs': [0] * 6, 'triangles': [0, 1, 3]})), 1,
                            [E('bad-value', ATT + '/triangles')]),
    'mesh-triangle-count': (doc(with_attachment({'type': 'mesh', 'vertices': [0, 0, 1, 0, 0, 1], 'uvs': [0] * 6, 'triangles': [0, 1]})), 1,
                            [E('bad-value', ATT + '/triangles')]),
    'mesh-weights-count': (doc(with_attachment({'type': 'mesh', 'vertices': [0, 0, 1, 0, 0, 1], 'uvs': [0] * 6, 'triangles': [0, 1, 2],
                                                'weights': [[{'bone': 'root', 'x': 0, 'y': 0, 'weight': 1}]]})), 1,
                           [E('bad-value', ATT + '/weights')]),
    'timeline-target': (doc(with_timeline({'target': 'camera', 'id': 'root', 'property': 'x', 'keys': []})), 1,
                        [E('bad-value', '/animations/0/timelines/0/target')]),
    'timeline-property': (doc(with_timeline({'target': 'bone', 'id': 'root', 'property': 'alpha', 'keys': []})), 1,
                          [E('bad-value', '/animations/0/timelines/0/property')]),
    'key-bad-curve': (doc(with_timeline({'target': 'bone', 'id': 'root', 'property': 'x',
                                         'keys': [{'time': 0, 'value': 0, 'curve': [0.5, 0, 1]}]})), 1, [E('bad-curve', KEYS + '/0/curve')]),
    'key-unsorted': (doc(with_timeline({'target': 'bone', 'id': 'root', 'property': 'x',
                                        'keys': [{'time': 1, 'value': 0}, {'time': 0.5, 'value': 1}]})), 1, [E('unsorted-keys', KEYS + '/1/time')]),
    'key-value-type': (doc(with_timeline({'target': 'bone', 'id': 'root', 'property': 'x', 'keys': [{'time': 0, 'value': 'left'}]})), 1,
                       [E('bad-value', KEYS + '/0/value')]),
    # Found by fuzz_bone_loader: a key that is not an object before a real
    # one made the sort check read before the array (UBSan).
    'key-not-object': (doc(with_timeline({'target': 'bone', 'id': 'root', 'property': 'x',
                                          'keys': [1, {'time': 0, 'value': 0}]})), 1, [E('bad-type', KEYS + '/0')]),
    'key-value-missing': (doc(with_timeline({'target': 'bone', 'id': 'root', 'property': 'x', 'keys': [{'time': 0}]})), 1,
                          [E('missing-key', KEYS + '/0')]),
    'key-inherit-value': (doc(with_timeline({'target': 'bone', 'id': 'root', 'property': 'inherit', 'keys': [{'time': 0, 'value': 'none'}]})), 1,
                          [E('bad-value', KEYS + '/0/value')]),
    'key-colour-value': (doc(lambda d: (d['skeleton'].update(slots=[{'id': 's', 'name': 's', 'bone': 'root'}]),
                                        with_timeline({'target': 'slot', 'id': 's', 'property': 'color', 'keys': [{'time': 0, 'value': '#ggg'}]})(d))), 1,
                         [E('bad-color', KEYS + '/0/value')]),
    'animation-id-missing': (doc(lambda d: d.update(animations=[{'name': 'an'}])), 1, [E('missing-key', '/animations/0')]),
    'skin-name-missing': (doc(lambda d: d['skins'][0].pop('name')), 1, [E('missing-key', '/skins/0')]),
    'skin-attachments-type': (doc(lambda d: d['skins'][0].update(attachments=[])), 1, [E('bad-type', '/skins/0/attachments')]),
    'event-name-missing': (doc(lambda d: d.update(events=[{'id': 'e'}])), 1, [E('missing-key', '/events/0')]),
    'event-key-event-missing': (doc(lambda d: d.update(animations=[{'id': 'an', 'name': 'an', 'events': [{'time': 0}]}])), 1,
                                [E('missing-key', '/animations/0/events/0')]),
    'deform-attachment-missing': (doc(lambda d: (d['skeleton'].update(slots=[{'id': 's', 'name': 's', 'bone': 'root'}]),
                                                 with_timeline({'target': 'deform', 'id': 's', 'property': 'offsets', 'keys': []})(d))), 1,
                                  [E('missing-key', '/animations/0/timelines/0')]),
    'draw-order-duplicate': (doc(lambda d: (d['skeleton'].update(slots=[{'id': 's', 'name': 's', 'bone': 'root'}]),
                                            with_timeline({'target': 'drawOrder', 'keys': [{'time': 0, 'value': ['s', 's']}]})(d))), 1,
                             [E('bad-value', KEYS + '/0/value')]),
    'draw-order-value-type': (doc(with_timeline({'target': 'drawOrder', 'keys': [{'time': 0, 'value': 's'}]})), 1,
                              [E('bad-value', KEYS + '/0/value')]),
    'attachment-key-type': (doc(lambda d: (d['skeleton'].update(slots=[{'id': 's', 'name': 's', 'bone': 'root'}]),
                                           with_timeline({'target': 'slot', 'id': 's', 'property': 'attachment', 'keys': [{'time': 0, 'value': 3}]})(d))), 1,
                            [E('bad-value', KEYS + '/0/value')]),
    'ik-bend-key-type': (doc(lambda d: (d['skeleton'].update(ik=[{'id': 'k', 'bones': ['root'], 'target': 'root'}]),
                                        with_timeline({'target': 'ik', 'id': 'k', 'property': 'bend', 'keys': [{'time': 0, 'value': 'up'}]})(d))), 1,
                         [E('bad-value', KEYS + '/0/value')]),
    'master-muted-type': (doc(lambda d: d.update(masterMuted='no')), 1, [E('bad-type', '/masterMuted')]),
    'image-not-object': (doc(lambda d: d.update(images=['arm.png'])), 1, [E('bad-type', '/images/0')]),
    'machine-name-missing': (doc(lambda d: d.update(stateMachines=[{'id': 'm'}])), 1, [E('missing-key', '/stateMachines/0')]),
    'influence-weight-missing': (doc(with_attachment({'type': 'boundingBox', 'vertices': [0, 0, 1, 0, 0, 1],
                                                      'weights': [[{'bone': 'root', 'x': 0, 'y': 0}], [], []]})), 1,
                                 [E('missing-key', ATT + '/weights/0/0')]),
    # Construction rules (§2) and forward compatibility: warnings, still valid.
    'warn-parent-after-child': (doc(lambda d: d['skeleton'].update(bones=[{'id': 'child', 'name': 'child', 'parent': 'root'},
                                                                          {'id': 'root', 'name': 'root'}])), 0,
                                [W('parent-after-child', '/skeleton/bones/0/parent')]),
    'warn-slot-dropped': (doc(lambda d: d['skeleton'].update(slots=[{'id': 's', 'name': 's', 'bone': 'nobody'}])), 0,
                          [W('slot-dropped', '/skeleton/slots/0/bone')]),
    'warn-unknown-key': (doc(lambda d: d['skeleton']['bones'][0].update(rotaton=5)), 0, [W('unknown-key', '/skeleton/bones/0/rotaton')]),
    # §8.8 particles (Part B.5 Particles; FORMAT.md: the limits of this runtime)
    'particles-max-too-large': (doc(with_attachment({'type': 'particles', 'maxParticles': 16384})), 1,
                                [E('too-large', ATT + '/maxParticles')]),
    'particles-max-fraction': (doc(with_attachment({'type': 'particles', 'maxParticles': 2.5})), 1,
                               [E('bad-value', ATT + '/maxParticles')]),
    'particles-max-negative': (doc(with_attachment({'type': 'particles', 'maxParticles': -1})), 1,
                               [E('bad-value', ATT + '/maxParticles')]),
    'particles-burst-count': (doc(with_attachment({'type': 'particles', 'bursts': [{'time': 0, 'count': -2}]})), 1,
                              [E('bad-value', ATT + '/bursts/0/count')]),
    'particles-burst-time': (doc(with_attachment({'type': 'particles', 'bursts': [{'count': 2}]})), 1,
                             [E('missing-key', ATT + '/bursts/0')]),
    'particles-bursts-too-many': (doc(with_attachment({'type': 'particles',
                                                       'bursts': [{'time': 0, 'count': 1}] * 1025})), 1,
                                  [E('too-large', ATT + '/bursts')]),
    'particles-gradient-empty': (doc(with_attachment({'type': 'particles', 'gradient': []})), 1,
                                 [E('bad-value', ATT + '/gradient')]),
    'particles-gradient-color': (doc(with_attachment({'type': 'particles', 'gradient': [{'t': 0, 'color': 'red'}]})), 1,
                                 [E('bad-color', ATT + '/gradient/0/color')]),
    'particles-emit-shape': (doc(with_attachment({'type': 'particles', 'emitShape': 'sphere'})), 1,
                             [E('bad-value', ATT + '/emitShape')]),
    'particles-space': (doc(with_attachment({'type': 'particles', 'space': 'screen'})), 1,
                        [E('bad-value', ATT + '/space')]),
    'particles-look': (doc(with_attachment({'type': 'particles', 'look': 'star'})), 1,
                       [E('bad-value', ATT + '/look')]),
    'particles-blend': (doc(with_attachment({'type': 'particles', 'blend': 'overlay'})), 1,
                        [E('bad-value', ATT + '/blend')]),
    'particles-range': (doc(with_attachment({'type': 'particles', 'speed': [1]})), 1,
                        [E('bad-type', ATT + '/speed')]),
    'particles-rate-type': (doc(with_attachment({'type': 'particles', 'rate': '10'})), 1,
                            [E('bad-type', ATT + '/rate')]),
    'warn-particles-image': (doc(with_attachment({'type': 'particles', 'look': 'image', 'image': 'nope'})), 0,
                             [W('unknown-reference', ATT + '/image')]),
    'warn-particles-key': (doc(with_attachment({'type': 'particles', 'colour': '#fff'})), 0,
                           [W('unknown-key', ATT + '/colour')]),
    'particles-timeline-property': (doc(lambda d: (with_attachment({'type': 'particles'})(d), with_timeline(
        {'target': 'particles', 'id': 's', 'property': 'speed', 'keys': []})(d))), 1,
        [E('bad-value', '/animations/0/timelines/0/property')]),
    'machine-emit-count': (doc(lambda d: (d['skeleton'].update(slots=[{'id': 's', 'name': 's', 'bone': 'root'}]),
                                          with_machine(listeners=[{'id': 'li', 'name': 'li', 'event': 'down', 'actions': [
                                              {'type': 'emitParticles', 'slot': 's', 'count': 1.5}]}])(d))), 1,
                           [E('bad-value', MACHINE + '/listeners/0/actions/0/count')]),
    'warn-machine-emitter-slot': (doc(with_machine(listeners=[{'id': 'li', 'name': 'li', 'event': 'down', 'actions': [
                                      {'type': 'setEmitter', 'slot': 'nope', 'emitting': True}]}])), 0,
                                  [W('unknown-reference', MACHINE + '/listeners/0/actions/0/slot')]),
    # §8.9 text
    'text-missing': (doc(with_attachment({'type': 'text', 'width': 1, 'height': 1})), 1,
                     [E('missing-key', ATT)]),
    'text-type': (doc(with_attachment({'type': 'text', 'text': 5, 'width': 1, 'height': 1})), 1,
                  [E('bad-type', ATT + '/text')]),
    'text-width': (doc(with_attachment({'type': 'text', 'text': 'a', 'height': 1})), 1,
                   [E('missing-key', ATT)]),
    'text-align': (doc(with_attachment({'type': 'text', 'text': 'a', 'width': 1, 'height': 1, 'align': 'justify'})), 1,
                   [E('bad-value', ATT + '/align')]),
    'text-outline': (doc(with_attachment({'type': 'text', 'text': 'a', 'width': 1, 'height': 1, 'outline': 5})), 1,
                     [E('bad-type', ATT + '/outline')]),
    'path-target-missing': (doc(lambda d: d['skeleton'].update(path=[{'id': 'p', 'bones': ['root']}])), 1,
                            [E('missing-key', '/skeleton/path/0')]),
    'path-target-unknown': (doc(lambda d: d['skeleton'].update(path=[{'id': 'p', 'bones': ['root'], 'target': 's'}])), 0,
                            [W('unknown-reference', '/skeleton/path/0/target')]),
    'path-position-mode': (doc(lambda d: d['skeleton'].update(
        slots=[{'id': 's', 'name': 's', 'bone': 'root'}],
        path=[{'id': 'p', 'bones': ['root'], 'target': 's', 'positionMode': 'percentage'}])), 1,
        [E('bad-value', '/skeleton/path/0/positionMode')]),
    'path-rotate-mode': (doc(lambda d: d['skeleton'].update(
        slots=[{'id': 's', 'name': 's', 'bone': 'root'}],
        path=[{'id': 'p', 'bones': ['root'], 'target': 's', 'rotateMode': 'spin'}])), 1,
        [E('bad-value', '/skeleton/path/0/rotateMode')]),
    'path-spacing-mode': (doc(lambda d: d['skeleton'].update(
        slots=[{'id': 's', 'name': 's', 'bone': 'root'}],
        path=[{'id': 'p', 'bones': ['root'], 'target': 's', 'spacingMode': 3}])), 1,
        [E('bad-type', '/skeleton/path/0/spacingMode')]),
    'path-attachment-closed': (doc(with_attachment({'type': 'path', 'vertices': [0] * 12, 'closed': 'yes'})), 1,
                               [E('bad-type', ATT + '/closed')]),
    'path-attachment-vertices': (doc(with_attachment({'type': 'path', 'vertices': [0, 0, 1]})), 1,
                                 [E('bad-value', ATT + '/vertices')]),
    'physics-bone-missing': (doc(lambda d: d['skeleton'].update(physics=[{'id': 'ph'}])), 1,
                             [E('missing-key', '/skeleton/physics/0')]),
    'physics-bone-unknown': (doc(lambda d: d['skeleton'].update(physics=[{'id': 'ph', 'bone': 'tail'}])), 0,
                             [W('unknown-reference', '/skeleton/physics/0/bone')]),
    'physics-mix-type': (doc(lambda d: d['skeleton'].update(physics=[{'id': 'ph', 'bone': 'root', 'mix': '1'}])), 1,
                         [E('bad-type', '/skeleton/physics/0/mix')]),
    'physics-unknown-key': (doc(lambda d: d['skeleton'].update(physics=[{'id': 'ph', 'bone': 'root', 'bones': ['root']}])), 0,
                            [W('unknown-key', '/skeleton/physics/0/bones')]),
    'physics-timeline-property': (doc(lambda d: (d['skeleton'].update(physics=[{'id': 'ph', 'bone': 'root'}]),
                                                 with_timeline({'target': 'physics', 'id': 'ph', 'property': 'rotate',
                                                                'keys': [{'time': 0, 'value': 1}]})(d))), 1,
                                  [E('bad-value', '/animations/0/timelines/0/property')]),
    'path-timeline-property': (doc(lambda d: (d['skeleton'].update(
        slots=[{'id': 's', 'name': 's', 'bone': 'root'}], path=[{'id': 'p', 'bones': ['root'], 'target': 's'}]),
        with_timeline({'target': 'path', 'id': 'p', 'property': 'mixTranslate', 'keys': [{'time': 0, 'value': 1}]})(d))), 1,
        [E('bad-value', '/animations/0/timelines/0/property')]),
    'slider-animation-missing': (doc(lambda d: d['skeleton'].update(sliders=[{'id': 'sl', 'bone': 'root'}])), 1,
                                 [E('missing-key', '/skeleton/sliders/0')]),
    'slider-animation-unknown': (doc(lambda d: d['skeleton'].update(sliders=[{'id': 'sl', 'animation': 'nope'}])), 0,
                                 [W('unknown-reference', '/skeleton/sliders/0/animation')]),
    'slider-bone-unknown': (doc(lambda d: (d['skeleton'].update(sliders=[{'id': 'sl', 'animation': 'an', 'bone': 'nobody'}]),
                                           with_timeline({'target': 'bone', 'id': 'root', 'property': 'x',
                                                          'keys': [{'time': 0, 'value': 1}]})(d))), 0,
                            [W('unknown-reference', '/skeleton/sliders/0/bone')]),
    'slider-property': (doc(lambda d: (d['skeleton'].update(sliders=[{'id': 'sl', 'animation': 'an', 'bone': 'root',
                                                                      'property': 'length'}]),
                                       with_timeline({'target': 'bone', 'id': 'root', 'property': 'x',
                                                      'keys': [{'time': 0, 'value': 1}]})(d))), 1,
                        [E('bad-value', '/skeleton/sliders/0/property')]),
    'sequence-mode': (doc(with_attachment({'type': 'sequence', 'width': 2, 'height': 2, 'mode': 'bounce',
                                           'frames': []})), 1, [E('bad-value', ATT + '/mode')]),
    'sequence-frames-missing': (doc(with_attachment({'type': 'sequence', 'width': 2, 'height': 2})), 1,
                                [E('missing-key', ATT)]),
    'sequence-rect-type': (doc(with_attachment({'type': 'sequence', 'width': 2, 'height': 2,
                                                'frames': [{'image': None, 'rect': [0, 0, 1, 1]}]})), 1,
                           [E('bad-type', ATT + '/frames/0/rect')]),
    'sequence-image-unknown': (doc(with_attachment({'type': 'sequence', 'width': 2, 'height': 2,
                                                    'frames': [{'image': 'nope'}]})), 0,
                               [W('unknown-reference', ATT + '/frames/0/image')]),
    'sequence-timeline-property': (doc(lambda d: (with_attachment({'type': 'sequence', 'width': 2, 'height': 2,
                                                                   'frames': []})(d),
                                                  with_timeline({'target': 'sequence', 'id': 's', 'attachment': 'a',
                                                                 'property': 'index',
                                                                 'keys': [{'time': 0, 'value': 1}]})(d))), 1,
                                   [E('bad-value', '/animations/0/timelines/0/property')]),
    'slider-additive-type': (doc(lambda d: d['skeleton'].update(sliders=[{'id': 'sl', 'animation': 'an', 'additive': 1}])), 1,
                             [E('bad-type', '/skeleton/sliders/0/additive')]),
    'transform-target-missing': (doc(lambda d: d['skeleton'].update(transform=[{'id': 't', 'bones': ['root']}])), 1,
                                 [E('missing-key', '/skeleton/transform/0')]),
    'transform-local-type': (doc(lambda d: d['skeleton'].update(transform=[{'id': 't', 'bones': ['root'], 'target': 'root', 'local': 1}])), 1,
                             [E('bad-type', '/skeleton/transform/0/local')]),
    # §8.7 packed atlas (Part B.8; docs/openbone/FORMAT.md "Packed atlas")
    'atlas-type': (doc(with_atlas(3)), 1, [E('bad-type', '/atlas')]),
    'atlas-pages-missing': (doc(with_atlas({'regions': []})), 1, [E('missing-key', '/atlas')]),
    'atlas-page-width-zero': (doc(with_atlas({'pages': [dict(PAGE, width=0)], 'regions': []})), 1,
                              [E('bad-value', '/atlas/pages/0/width')]),
    'atlas-page-duplicate-id': (doc(with_atlas({'pages': [dict(PAGE, id='img')], 'regions': []})), 1,
                                [E('duplicate-id', '/atlas/pages/0/id')]),
    'atlas-region-x-missing': (doc(with_atlas({'pages': [PAGE], 'regions': [
        {'image': 'img', 'page': 'page0', 'y': 0, 'width': 4, 'height': 4}]})), 1,
        [E('missing-key', '/atlas/regions/0')]),
    'atlas-region-original-zero': (doc(with_atlas({'pages': [PAGE], 'regions': [
        {'image': 'img', 'page': 'page0', 'x': 0, 'y': 0, 'width': 4, 'height': 4, 'originalWidth': 0}]})), 1,
        [E('bad-value', '/atlas/regions/0/originalWidth')]),
    'atlas-region-polygon-odd': (doc(with_atlas({'pages': [PAGE], 'regions': [
        {'image': 'img', 'page': 'page0', 'x': 0, 'y': 0, 'width': 4, 'height': 4, 'polygon': [0, 0, 4]}]})), 1,
        [E('bad-value', '/atlas/regions/0/polygon')]),
    'atlas-white-type': (doc(with_atlas({'pages': [PAGE], 'regions': [], 'white': 1})), 1,
                         [E('bad-type', '/atlas/white')]),
    'warn-atlas-region-page-unknown': (doc(with_atlas({'pages': [PAGE], 'regions': [
        {'image': 'img', 'page': 'ghost', 'x': 0, 'y': 0, 'width': 4, 'height': 4}]})), 0,
        [W('unknown-reference', '/atlas/regions/0/page')]),
    'warn-atlas-region-image-missing': (doc(with_atlas({'pages': [PAGE], 'regions': [
        {'page': 'page0', 'x': 0, 'y': 0, 'width': 4, 'height': 4}]})), 0,
        [W('missing-key', '/atlas/regions/0')]),
    'warn-atlas-region-twice': (doc(with_atlas({'pages': [PAGE], 'regions': [
        {'image': 'img', 'page': 'page0', 'x': 0, 'y': 0, 'width': 4, 'height': 4},
        {'image': 'img', 'page': 'page0', 'x': 4, 'y': 0, 'width': 4, 'height': 4}]})), 0,
        [W('duplicate-region', '/atlas/regions/1/image')]),
    'warn-atlas-white-page-unknown': (doc(with_atlas({'pages': [PAGE], 'regions': [],
                                                      'white': {'page': 'ghost', 'x': 0, 'y': 0, 'width': 2, 'height': 2}})), 0,
                                      [W('unknown-reference', '/atlas/white/page')]),
    # §8.4, §8.5 clipping and shape attachments (Part B.5)
    'clipping-vertices-odd': (doc(with_attachment({'type': 'clipping', 'vertices': [0, 0, 1]})), 1,
                              [E('bad-value', ATT + '/vertices')]),
    'clipping-vertices-missing': (doc(with_attachment({'type': 'clipping'})), 1, [E('missing-key', ATT)]),
    'clipping-end-type': (doc(with_attachment({'type': 'clipping', 'vertices': [0, 0, 1, 0, 0, 1], 'end': 3})), 1,
                          [E('bad-type', ATT + '/end')]),
    'clipping-end-unknown': (doc(with_attachment({'type': 'clipping', 'vertices': [0, 0, 1, 0, 0, 1],
                                                  'end': 'nowhere'})), 0,
                             [W('unknown-reference', ATT + '/end')]),
    'clipping-too-many-points': (doc(with_attachment({'type': 'clipping', 'vertices': [0] * 2050})), 1,
                                 [E('too-large', ATT + '/vertices')]),
    'shape-kind': (doc(with_attachment({'type': 'shape', 'kind': 'star'})), 1, [E('bad-value', ATT + '/kind')]),
    'shape-points-odd': (doc(with_attachment({'type': 'shape', 'kind': 'polygon', 'points': [0, 0, 1]})), 1,
                         [E('bad-value', ATT + '/points')]),
    'shape-stroke-type': (doc(with_attachment({'type': 'shape', 'stroke': 2})), 1, [E('bad-type', ATT + '/stroke')]),
    'shape-fill-colour': (doc(with_attachment({'type': 'shape', 'fill': 'red'})), 1, [E('bad-color', ATT + '/fill')]),
    'shape-unknown-key': (doc(with_attachment({'type': 'shape', 'corner': 3})), 0, [W('unknown-key', ATT + '/corner')]),
    # §10 audio (Part B.8 assets, sounds, buses; B.6 audio keys; event audio)
    'sound-asset-missing': (doc(lambda d: d.update(sounds=[{'id': 'so', 'name': 'so'}])), 1,
                            [E('missing-key', '/sounds/0')]),
    'sound-asset-unknown': (doc(lambda d: d.update(sounds=[{'id': 'so', 'name': 'so', 'asset': 'nothing'}])), 0,
                            [W('unknown-reference', '/sounds/0/asset')]),
    'sound-loop-type': (doc(lambda d: d.update(audioAssets=[{'id': 'as', 'name': 'as'}],
                                               sounds=[{'id': 'so', 'name': 'so', 'asset': 'as', 'loop': 1}])), 1,
                        [E('bad-type', '/sounds/0/loop')]),
    'bus-muted-type': (doc(lambda d: d.update(buses=[{'id': 'bu', 'name': 'sfx', 'muted': 'yes'}])), 1,
                       [E('bad-type', '/buses/0/muted')]),
    'audio-key-sound-missing': (doc(lambda d: d.update(animations=[{'id': 'an', 'name': 'an',
                                                                   'audio': [{'time': 0}]}])), 1,
                                [E('missing-key', '/animations/0/audio/0')]),
    'audio-key-sound-unknown': (doc(lambda d: d.update(animations=[{'id': 'an', 'name': 'an',
                                                                   'audio': [{'time': 0, 'sound': 'x'}]}])), 0,
                                [W('unknown-reference', '/animations/0/audio/0/sound')]),
    'audio-key-volume-type': (doc(lambda d: d.update(audioAssets=[{'id': 'as', 'name': 'as'}],
                                                     animations=[{'id': 'an', 'name': 'an',
                                                                  'audio': [{'time': 0, 'sound': 'as',
                                                                             'volume': '1'}]}])), 1,
                              [E('bad-type', '/animations/0/audio/0/volume')]),
    'event-audio-unknown': (doc(lambda d: d.update(events=[{'id': 'ev', 'name': 'ev', 'audio': 'x'}])), 0,
                            [W('unknown-reference', '/events/0/audio')]),
    # §9 state machines (Part B.7): one rule each, in a machine `m`
    'machine-input-type': (doc(with_machine(inputs=[{'id': 'i', 'name': 'i', 'type': 'integer'}])), 1,
                           [E('bad-value', MACHINE + '/inputs/0/type')]),
    'machine-input-type-missing': (doc(with_machine(inputs=[{'id': 'i', 'name': 'i'}])), 1,
                                   [E('missing-key', MACHINE + '/inputs/0')]),
    'machine-input-default-type': (doc(with_machine(inputs=[{'id': 'i', 'name': 'i', 'type': 'number',
                                                             'default': '1'}])), 1,
                                   [E('bad-type', MACHINE + '/inputs/0/default')]),
    'machine-trigger-default-true': (doc(with_machine(inputs=[{'id': 'i', 'name': 'i', 'type': 'trigger',
                                                               'default': True}])), 1,
                                     [E('bad-type', MACHINE + '/inputs/0/default')]),
    'machine-input-duplicate': (doc(with_machine(inputs=[{'id': 'i', 'name': 'i', 'type': 'bool'},
                                                         {'id': 'i', 'name': 'j', 'type': 'bool'}])), 1,
                                [E('duplicate-id', MACHINE + '/inputs/1/id')]),
    'machine-state-duplicate': (doc(with_machine(layers=[{'id': 'l', 'name': 'l', 'entry': 's',
                                                          'states': [{'id': 's', 'name': 's'}, {'id': 's', 'name': 't'}]}])), 1,
                                [E('duplicate-id', MACHINE + '/layers/0/states/1/id')]),
    'machine-state-type': (doc(with_machine(layers=[{'id': 'l', 'name': 'l', 'entry': 's',
                                                     'states': [{'id': 's', 'name': 's', 'type': 'blend2d'}]}])), 1,
                           [E('bad-value', MACHINE + '/layers/0/states/0/type')]),
    'machine-state-speed-type': (doc(with_machine(layers=[{'id': 'l', 'name': 'l', 'entry': 's',
                                                           'states': [{'id': 's', 'name': 's', 'speed': 'fast'}]}])), 1,
                                 [E('bad-type', MACHINE + '/layers/0/states/0/speed')]),
    'machine-blend-entry-value': (doc(with_machine(layers=[{'id': 'l', 'name': 'l', 'entry': 's', 'states': [
        {'id': 's', 'name': 's', 'type': 'blend1d', 'entries': [{'animation': 'an'}]}]}])), 1,
        [E('missing-key', MACHINE + '/layers/0/states/0/entries/0')]),
    'machine-layer-entry-missing': (doc(with_machine(layers=[{'id': 'l', 'name': 'l', 'states': []}])), 1,
                                    [E('missing-key', MACHINE + '/layers/0')]),
    'machine-transition-duration': (doc(with_machine(layers=[{'id': 'l', 'name': 'l', 'entry': 's',
                                                              'states': [{'id': 's', 'name': 's'}],
                                                              'transitions': [{'from': 's', 'to': 's', 'duration': -1}]}])), 1,
                                    [E('bad-value', MACHINE + '/layers/0/transitions/0/duration')]),
    'machine-transition-exit-time-type': (doc(with_machine(layers=[{'id': 'l', 'name': 'l', 'entry': 's',
                                                                    'states': [{'id': 's', 'name': 's'}],
                                                                    'transitions': [{'from': 's', 'to': 's', 'exitTime': '1'}]}])), 1,
                                          [E('bad-type', MACHINE + '/layers/0/transitions/0/exitTime')]),
    'machine-condition-op': (doc(with_machine(inputs=[{'id': 'n', 'name': 'n', 'type': 'number'}],
                                              layers=[{'id': 'l', 'name': 'l', 'entry': 's', 'states': [{'id': 's', 'name': 's'}],
                                                       'transitions': [{'from': 's', 'to': 's', 'conditions': [
                                                           {'input': 'n', 'op': '=>', 'value': 1}]}]}])), 1,
                             [E('bad-value', MACHINE + '/layers/0/transitions/0/conditions/0/op')]),
    'machine-condition-op-missing': (doc(with_machine(inputs=[{'id': 'n', 'name': 'n', 'type': 'number'}],
                                                      layers=[{'id': 'l', 'name': 'l', 'entry': 's', 'states': [{'id': 's', 'name': 's'}],
                                                               'transitions': [{'from': 's', 'to': 's', 'conditions': [{'input': 'n'}]}]}])), 1,
                                     [E('missing-key', MACHINE + '/layers/0/transitions/0/conditions/0')]),
    'machine-condition-value-missing': (doc(with_machine(inputs=[{'id': 'n', 'name': 'n', 'type': 'number'}],
                                                         layers=[{'id': 'l', 'name': 'l', 'entry': 's', 'states': [{'id': 's', 'name': 's'}],
                                                                  'transitions': [{'from': 's', 'to': 's', 'conditions': [
                                                                      {'input': 'n', 'op': '>'}]}]}])), 1,
                                        [E('missing-key', MACHINE + '/layers/0/transitions/0/conditions/0')]),
    'machine-condition-value-type': (doc(with_machine(inputs=[{'id': 'n', 'name': 'n', 'type': 'number'}],
                                                      layers=[{'id': 'l', 'name': 'l', 'entry': 's', 'states': [{'id': 's', 'name': 's'}],
                                                               'transitions': [{'from': 's', 'to': 's', 'conditions': [
                                                                   {'input': 'n', 'op': '>', 'value': [1]}]}]}])), 1,
                                     [E('bad-type', MACHINE + '/layers/0/transitions/0/conditions/0/value')]),
    'machine-binding-target': (doc(with_machine(inputs=[{'id': 'n', 'name': 'n', 'type': 'number'}],
                                                bindings=[{'input': 'n', 'target': 'camera', 'id': 'root', 'property': 'x'}])), 1,
                               [E('bad-value', MACHINE + '/bindings/0/target')]),
    'machine-binding-property': (doc(with_machine(inputs=[{'id': 'n', 'name': 'n', 'type': 'number'}],
                                                  bindings=[{'input': 'n', 'target': 'bone', 'id': 'root', 'property': 'length'}])), 1,
                                 [E('bad-value', MACHINE + '/bindings/0/property')]),
    'machine-binding-constraint-kind': (doc(lambda d: (d['skeleton'].update(ik=[{'id': 'k', 'bones': ['root'], 'target': 'root'}]),
                                                       with_machine(inputs=[{'id': 'n', 'name': 'n', 'type': 'number'}],
                                                                    bindings=[{'input': 'n', 'target': 'transform', 'id': 'k',
                                                                               'property': 'mixRotate'}])(d))), 1,
                                        [E('bad-value', MACHINE + '/bindings/0/id')]),
    'machine-binding-colour-missing': (doc(lambda d: (d['skeleton'].update(slots=[{'id': 's', 'name': 's', 'bone': 'root'}]),
                                                      with_machine(inputs=[{'id': 'n', 'name': 'n', 'type': 'number'}],
                                                                   bindings=[{'input': 'n', 'target': 'slot', 'id': 's', 'property': 'color',
                                                                              'outMin': '#000'}])(d))), 1,
                                       [E('missing-key', MACHINE + '/bindings/0')]),
    'machine-binding-colour-bad': (doc(lambda d: (d['skeleton'].update(slots=[{'id': 's', 'name': 's', 'bone': 'root'}]),
                                                  with_machine(inputs=[{'id': 'n', 'name': 'n', 'type': 'number'}],
                                                               bindings=[{'input': 'n', 'target': 'slot', 'id': 's', 'property': 'color',
                                                                          'outMin': '#000', 'outMax': 'blue'}])(d))), 1,
                                   [E('bad-color', MACHINE + '/bindings/0/outMax')]),
    'machine-listener-event': (doc(with_machine(listeners=[{'id': 'li', 'name': 'li', 'slot': None, 'event': 'hover'}])), 1,
                               [E('bad-value', MACHINE + '/listeners/0/event')]),
    'machine-action-type': (doc(with_machine(listeners=[{'id': 'li', 'name': 'li', 'event': 'down',
                                                         'actions': [{'type': 'vibrate'}]}])), 1,
                            [E('bad-value', MACHINE + '/listeners/0/actions/0/type')]),
    'machine-action-mute': (doc(with_machine(listeners=[{'id': 'li', 'name': 'li', 'event': 'down',
                                                         'actions': [{'type': 'setMute', 'bus': None, 'muted': 'yes'}]}])), 1,
                            [E('bad-value', MACHINE + '/listeners/0/actions/0/muted')]),
    'machine-action-value-type': (doc(with_machine(inputs=[{'id': 'n', 'name': 'n', 'type': 'number'}],
                                                   listeners=[{'id': 'li', 'name': 'li', 'event': 'down',
                                                               'actions': [{'type': 'setInput', 'input': 'n', 'value': {'x': 1}}]}])), 1,
                                  [E('bad-type', MACHINE + '/listeners/0/actions/0/value')]),
    'warn-machine-transition-to-unknown': (doc(with_machine(layers=[{'id': 'l', 'name': 'l', 'entry': 's',
                                                                     'states': [{'id': 's', 'name': 's'}],
                                                                     'transitions': [{'from': 's', 'to': 'nowhere'}]}])), 0,
                                           [W('unknown-reference', MACHINE + '/layers/0/transitions/0/to')]),
    'warn-machine-entry-unknown': (doc(with_machine(layers=[{'id': 'l', 'name': 'l', 'entry': 'nowhere', 'states': []}])), 0,
                                   [W('unknown-reference', MACHINE + '/layers/0/entry')]),
    'warn-machine-condition-input-unknown': (doc(with_machine(layers=[{'id': 'l', 'name': 'l', 'entry': 's',
                                                                       'states': [{'id': 's', 'name': 's'}],
                                                                       'transitions': [{'from': 's', 'to': 's',
                                                                                        'conditions': [{'input': 'ghost'}]}]}])), 0,
                                             [W('unknown-reference', MACHINE + '/layers/0/transitions/0/conditions/0/input')]),
    'warn-machine-state-animation-unknown': (doc(with_machine(layers=[{'id': 'l', 'name': 'l', 'entry': 's',
                                                                       'states': [{'id': 's', 'name': 's', 'animation': 'none'}]}])), 0,
                                             [W('unknown-reference', MACHINE + '/layers/0/states/0/animation')]),
    'warn-machine-listener-slot-unknown': (doc(with_machine(listeners=[{'id': 'li', 'name': 'li', 'slot': 'ghost', 'event': 'down'}])), 0,
                                           [W('unknown-reference', MACHINE + '/listeners/0/slot')]),
    'warn-machine-report-event-unknown': (doc(with_machine(listeners=[{'id': 'li', 'name': 'li', 'event': 'down',
                                                                       'actions': [{'type': 'reportEvent', 'event': 'ghost'}]}])), 0,
                                          [W('unknown-reference', MACHINE + '/listeners/0/actions/0/event')]),
    'warn-machine-run-script': (doc(with_machine(listeners=[{'id': 'li', 'name': 'li', 'event': 'down',
                                                             'actions': [{'type': 'runScript', 'script': 'sc', 'fn': 'go'}]}])), 0,
                                [W('unknown-reference', MACHINE + '/listeners/0/actions/0/script')]),
    'warn-machine-scripts': (doc(with_machine(scripts=['sc'])), 0, [W('unknown-reference', MACHINE + '/scripts/0')]),
    # §11 scripts (Part B.7 Script {id, name, source}) and the lists naming them
    'script-source-missing': (doc(lambda d: d.update(scripts=[{'id': 'sc', 'name': 'sc'}])), 1,
                              [E('missing-key', '/scripts/0')]),
    'script-source-not-string': (doc(lambda d: d.update(scripts=[{'id': 'sc', 'name': 'sc', 'source': 5}])), 1,
                                 [E('bad-type', '/scripts/0/source')]),
    'script-not-object': (doc(lambda d: d.update(scripts=['function onStart() {}'])), 1,
                          [E('bad-type', '/scripts/0')]),
    'machine-scripts-not-id': (doc(with_machine(scripts=[5])), 1, [E('bad-type', MACHINE + '/scripts/0')]),
    'warn-state-scripts-unknown': (doc(with_machine(layers=[{'id': 'l', 'name': 'l', 'entry': 's',
                                                             'states': [{'id': 's', 'name': 's', 'scripts': ['ghost']}]}])), 0,
                                   [W('unknown-reference', MACHINE + '/layers/0/states/0/scripts/0')]),
    'machine-run-script-fn-missing': (doc(lambda d: (d.update(scripts=[{'id': 'sc', 'name': 'sc', 'source': ''}]),
                                                     with_machine(scripts=['sc'], listeners=[{'id': 'li', 'name': 'li', 'event': 'down',
                                                                  'actions': [{'type': 'runScript', 'script': 'sc'}]}])(d))), 1,
                                      [E('missing-key', MACHINE + '/listeners/0/actions/0')]),
}

here = os.path.dirname(os.path.abspath(__file__))
for name, (document, status, diagnostics) in cases.items():
    with open(os.path.join(here, name + '.obone'), 'w') as f:
        f.write(document if isinstance(document, str) else json.dumps(document, indent=1))
        f.write('\n')
    with open(os.path.join(here, name + '.expect.json'), 'w') as f:
        json.dump({'exit': status, 'diagnostics': diagnostics}, f, indent=1)
        f.write('\n')
