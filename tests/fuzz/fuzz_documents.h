/*
 * fuzz_documents.h — the documents the script and session harnesses
 * (fuzz_script.c, fuzz_session.c) drive. Between them they have every
 * input type, pointer listeners, root a11y keys, loop, pingpong and once
 * timelines with events, crossfades, and the empty cases whose arrays are
 * NULL in the compiled model (an empty pose, a layer that writes nothing,
 * a timeline without events: issue 10 F1).
 */
#ifndef ANIMA_FUZZ_DOCUMENTS_H
#define ANIMA_FUZZ_DOCUMENTS_H

#include <stddef.h>

static const char *const fuzz_documents[] = {
    /* A toggle: bool, number and trigger inputs, listeners, a11y, a loop
     * and a pingpong timeline with events, a crossfade from an empty pose,
     * a layer with only an empty pose. */
    "{\"anima\": \"0.1\", \"name\": \"fuzz\", \"grid\": 20, "
    "\"a11y\": {\"role\": \"button\", \"label\": \"Fuzz\", \"activate\": "
    "\"tap\", \"held\": \"down\"}, "
    "\"inputs\": {\"tap\": {\"type\": \"trigger\", \"buffer\": 0.2}, "
    "\"hover\": {\"type\": \"bool\"}, \"down\": {\"type\": \"bool\"}, "
    "\"level\": {\"type\": \"number\", \"min\": 0, \"max\": 10}}, "
    "\"nodes\": [{\"id\": \"ring\", \"type\": \"circle\", \"center\": [10, "
    "10], \"r\": 6, \"stroke\": {\"color\": \"#d97757\", \"width\": 2, "
    "\"trimEnd\": 0}}, {\"id\": \"dot\", \"type\": \"rect\", \"x0\": 8, "
    "\"y0\": 8, \"w\": 4, \"h\": 4, \"fill\": {\"color\": \"#000000\"}}], "
    "\"timelines\": {\"spin\": {\"duration\": 0.25, \"loop\": \"loop\", "
    "\"tracks\": {\"ring.rotate\": [[0, 0], [0.25, 90]], "
    "\"ring.stroke.trimEnd\": [[0, 0, \"inOut\"], [0.25, 1]]}, \"events\": "
    "[[0, \"tick\"], [0.125, \"half\"]]}, \"throb\": {\"duration\": 0.5, "
    "\"loop\": \"pingpong\", \"reducedMotion\": \"end\", \"tracks\": "
    "{\"dot.scale\": [[0, 1], [0.5, 1.5]], \"dot.fill.color\": [[0, "
    "\"#000000\"], [0.5, \"#ff000080\"]]}, \"events\": [[0.2, \"beat\"]]}, "
    "\"still\": {\"duration\": 1, \"tracks\": {\"dot.x\": [[0, 0], [1, "
    "2]]}}}, "
    "\"machine\": {\"layers\": {\"main\": {\"initial\": \"idle\", "
    "\"states\": {\"idle\": {\"pose\": {}, \"on\": [{\"when\": \"tap\", "
    "\"to\": \"run\", \"blend\": 0.1}]}, \"run\": {\"play\": \"spin\", "
    "\"speed\": 2, \"on\": [{\"when\": \"level > 5\", \"to\": \"calm\", "
    "\"blend\": 0.3, \"ease\": \"out\"}, {\"when\": \"tap\", \"to\": "
    "\"run\"}]}, \"calm\": {\"play\": \"still\", \"emit\": \"calmed\", "
    "\"on\": [{\"when\": \"@end\", \"to\": \"idle\", \"blend\": 0.2, "
    "\"interruptible\": false}]}}}, \"hovering\": {\"initial\": \"rest\", "
    "\"states\": {\"rest\": {\"pose\": {\"dot.opacity\": 1}, \"on\": "
    "[{\"when\": \"hover\", \"to\": \"lit\", \"blend\": 0.15}]}, \"lit\": "
    "{\"play\": \"throb\", \"on\": [{\"when\": \"!hover\", \"to\": "
    "\"rest\"}]}}}, \"quiet\": {\"initial\": \"none\", \"states\": "
    "{\"none\": {\"pose\": {}}}}}}, "
    "\"listeners\": [{\"on\": \"enter\", \"set\": {\"hover\": true}}, "
    "{\"on\": \"leave\", \"set\": {\"hover\": false}}, {\"on\": \"click\", "
    "\"fire\": \"tap\"}]}",
    /* No machine, no inputs: the player has nothing to step. */
    "{\"anima\": \"0.1\", \"name\": \"still\", \"grid\": 20, \"nodes\": "
    "[{\"id\": \"c\", \"type\": \"circle\", \"center\": [10, 10], \"r\": 4, "
    "\"fill\": {\"color\": \"#000000\"}}]}",
};

enum { fuzz_document_count = sizeof fuzz_documents / sizeof fuzz_documents[0] };

#endif
