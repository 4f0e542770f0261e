/*
 * svg_xml.h — SVG output parsed back with libxml2 for the SVG backend
 * tests: the output must be well-formed, and attributes are read by XPath
 * (namespace prefix `svg:`).
 */
#ifndef ANIMA_TESTS_SVG_XML_H
#define ANIMA_TESTS_SVG_XML_H

#include <criterion/criterion.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <stdlib.h>
#include <string.h>

#include <anima/render.h>

#include "draw_fixture.h"

/* Writes the frame, parses it back and returns the document. */
static inline xmlDocPtr
write_and_parse(fixture *f, const anima_render_options *options, char **text) {
  size_t length = 0;
  cr_assert_eq(anima_svg_write_string(&f->frame, options, text, &length),
               ANIMA_OK);
  cr_assert_eq(strlen(*text), length);
  xmlDocPtr document =
      xmlReadMemory(*text, (int)length, "frame.svg", NULL,
                    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  cr_assert_not_null(document, "output is not well-formed XML:\n%s", *text);
  return document;
}

/* The attribute `name` of the first element matching `xpath` (svg: ns). */
static inline char *attribute(xmlDocPtr document, const char *xpath,
                              const char *name) {
  xmlXPathContextPtr context = xmlXPathNewContext(document);
  xmlXPathRegisterNs(context, BAD_CAST "svg",
                     BAD_CAST "http://www.w3.org/2000/svg");
  xmlXPathObjectPtr result = xmlXPathEvalExpression(BAD_CAST xpath, context);
  char *value = NULL;
  if (result != NULL && result->nodesetval != NULL &&
      result->nodesetval->nodeNr > 0) {
    xmlChar *raw = xmlGetProp(result->nodesetval->nodeTab[0], BAD_CAST name);
    if (raw != NULL) {
      value = strdup((const char *)raw);
      xmlFree(raw);
    }
  }
  xmlXPathFreeObject(result);
  xmlXPathFreeContext(context);
  return value;
}

static inline void expect_attribute(xmlDocPtr document, const char *xpath,
                                    const char *name, const char *expected) {
  char *value = attribute(document, xpath, name);
  if (expected == NULL) {
    cr_expect_null(value, "%s/@%s should be absent, is \"%s\"", xpath, name,
                   value);
  } else {
    cr_expect(value != NULL && strcmp(value, expected) == 0,
              "%s/@%s is \"%s\", expected \"%s\"", xpath, name,
              value ? value : "(absent)", expected);
  }
  free(value);
}

/* How many elements match `xpath`. */
static inline int count_of(xmlDocPtr document, const char *xpath) {
  xmlXPathContextPtr context = xmlXPathNewContext(document);
  xmlXPathRegisterNs(context, BAD_CAST "svg",
                     BAD_CAST "http://www.w3.org/2000/svg");
  xmlXPathObjectPtr result = xmlXPathEvalExpression(BAD_CAST xpath, context);
  int count = result != NULL && result->nodesetval != NULL
                  ? result->nodesetval->nodeNr
                  : 0;
  xmlXPathFreeObject(result);
  xmlXPathFreeContext(context);
  return count;
}

#endif
