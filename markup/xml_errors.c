/*
 * xml_errors.c — Anima's words for libxml2's well-formedness errors
 * (anima_markup_explain_xml_error, markup.h). Each message says what is
 * wrong in the author's terms and each hint names the fix; libxml2's own
 * sentences ("Opening and ending tag mismatch", "use XML_PARSE_HUGE
 * option") never reach the author except, stripped of option names, as the
 * hint of an error without words of its own.
 */
#include <libxml/xmlerror.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <anima/markup.h>

typedef struct words {
  char *message;
  size_t message_size;
  char *hint;
  size_t hint_size;
} words;

static void say(words *w, const char *hint, const char *format, ...)
    ANIMA_PRINTF(3, 4);

static void say(words *w, const char *hint, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(w->message, w->message_size, format, arguments);
  va_end(arguments);
  snprintf(w->hint, w->hint_size, "%s", hint);
}

static bool has(const char *text, const char *part) {
  return text && strstr(text, part);
}

/* A name from libxml2, at most 64 bytes of it, or `fallback`. */
static const char *name_or(const char *name, const char *fallback) {
  return name && name[0] ? name : fallback;
}

/* libxml2's message without its trailing line breaks, the bytes it quotes
 * and any advice about parser options, as the last-resort hint. */
static void plain_text(const char *text, char *out, size_t size) {
  snprintf(out, size, "%s", text ? text : "");
  char *cut = strstr(out, " use XML_PARSE_HUGE");
  if (!cut) {
    cut = strchr(out, '\n');
  }
  if (cut) {
    *cut = '\0';
  }
  size_t length = strlen(out);
  while (length > 0 && (out[length - 1] == ' ' || out[length - 1] == ',' ||
                        out[length - 1] == '!')) {
    out[--length] = '\0';
  }
}

/* Errors about tags and the document's shape. */
static bool explain_structure(const anima_xml_error *e, const char *root,
                              words *w) {
  const char *name = name_or(e->str1, "?");
  char hint[200];
  switch (e->code) {
  case XML_ERR_TAG_NAME_MISMATCH:
    snprintf(hint, sizeof hint,
             "close it with </%.64s> first, or write <%.64s .../> when it "
             "has nothing inside",
             name, name);
    say(w, hint, "<%.64s> (line %d) is not closed before </%.64s>", name,
        e->int1, name_or(e->str2, "?"));
    return true;
  case XML_ERR_TAG_NOT_FINISHED:
    snprintf(hint, sizeof hint, "end it with </%.64s>", name);
    say(w, hint, "the text ends before <%.64s> (line %d) is closed", name,
        e->int1);
    return true;
  case XML_ERR_GT_REQUIRED:
    say(w,
        "end the tag with > (or /> when it has nothing inside), and check "
        "that every attribute value has both quotes",
        "the start tag <%.64s> (line %d) is not finished", name, e->int1);
    return true;
  case XML_ERR_DOCUMENT_END:
    snprintf(hint, sizeof hint,
             "keep everything inside the one <%s> element; a comment may "
             "follow it",
             root);
    say(w, hint, "text after the end of the <%s> element", root);
    return true;
  case XML_ERR_DOCUMENT_EMPTY:
  case XML_ERR_DOCUMENT_START:
    snprintf(hint, sizeof hint, "the file is one <%s ...> element", root);
    say(w, hint, "%s",
        has(e->text, "empty") ? "the text is empty"
                              : "the text does not start with an element");
    return true;
  case XML_ERR_RESERVED_XML_NAME:
    say(w,
        "remove what comes before <?xml ...?>, blank lines included, or "
        "remove the declaration",
        "the <?xml ...?> declaration is not at the very start of the text");
    return true;
  case XML_NS_ERR_UNDEFINED_NAMESPACE:
    snprintf(hint, sizeof hint,
             "declare it with xmlns:%.64s=\"...\", or write the name without "
             "the prefix",
             name);
    say(w, hint, "the prefix \"%.64s:\" is not declared", name);
    return true;
  default:
    return false;
  }
}

/* Errors inside a start tag's attributes. */
static bool explain_attributes(const anima_xml_error *e, words *w) {
  const char *name = name_or(e->str1, "?");
  char hint[200];
  switch (e->code) {
  case XML_ERR_ATTRIBUTE_REDEFINED:
    say(w, "keep one of them", "the attribute \"%.64s\" is written twice",
        name);
    return true;
  case XML_ERR_ATTRIBUTE_WITHOUT_VALUE:
    snprintf(hint, sizeof hint, "write %.64s=\"...\"", name);
    say(w, hint, "the attribute \"%.64s\" has no value", name);
    return true;
  case XML_ERR_ATTRIBUTE_NOT_STARTED:
    say(w, "quote every value: name=\"value\"",
        "an attribute value is not in quotes");
    return true;
  case XML_ERR_ATTRIBUTE_NOT_FINISHED:
    say(w, "end the value with the quote it starts with",
        "an attribute value's closing quote is missing");
    return true;
  case XML_ERR_SPACE_REQUIRED:
    say(w,
        "separate attributes with a space and quote every value: "
        "a=\"1\" b=\"2\"",
        "the attributes of this tag do not parse");
    return true;
  case XML_ERR_LT_IN_ATTRIBUTE:
    say(w, "write < as &lt; inside attributes",
        "an attribute value holds an unescaped \"<\"");
    return true;
  default:
    return false;
  }
}

/* Errors in text, comments, references and characters. */
static bool explain_content(const anima_xml_error *e, words *w) {
  char hint[200];
  switch (e->code) {
  case XML_ERR_UNDECLARED_ENTITY:
    snprintf(hint, sizeof hint,
             "XML knows &amp; &lt; &gt; &quot; &apos;: write the character "
             "itself, or a numeric reference such as &#160;");
    say(w, hint, "&%.64s; is not an XML entity", name_or(e->str1, "?"));
    return true;
  case XML_ERR_NAME_REQUIRED:
    if (has(e->text, "EntityRef")) {
      say(w, "write & as &amp;", "\"&\" does not start an entity reference");
    } else {
      say(w,
          "write < as &lt; in text, or start the element's name right after "
          "<",
          "\"<\" is not followed by an element name");
    }
    return true;
  case XML_ERR_ENTITYREF_SEMICOL_MISSING:
    say(w, "write & as &amp;, or end the reference with ;",
        "an entity reference has no closing \";\"");
    return true;
  case XML_ERR_HYPHEN_IN_COMMENT:
    say(w, "XML comments cannot hold \"--\": use a single \"-\" or a word",
        "a comment holds \"--\"");
    return true;
  case XML_ERR_COMMENT_NOT_FINISHED:
    say(w, "end it with -->", "a comment <!-- is not closed");
    return true;
  case XML_ERR_MISPLACED_CDATA_END:
    say(w, "write > as &gt;", "\"]]>\" in text");
    return true;
  case XML_ERR_CDATA_NOT_FINISHED:
    say(w, "end it with ]]>", "a <![CDATA[ section is not closed");
    return true;
  case XML_ERR_INVALID_CHAR:
  case XML_ERR_INVALID_ENCODING:
    if (has(e->text, "UTF-8")) {
      say(w, "save the file as UTF-8", "the text is not UTF-8");
    } else {
      say(w,
          "remove it: XML allows no control characters but tab and line "
          "breaks",
          "a character XML does not allow");
    }
    return true;
  case XML_ERR_ENTITY_LOOP:
    say(w, "remove the document type's entities",
        "entities refer to each other in a loop");
    return true;
  default:
    return false;
  }
}

/* The parser's own limits (libxml2 without XML_PARSE_HUGE). */
static bool explain_limits(const anima_xml_error *e, words *w) {
  if (has(e->text, "Excessive depth")) {
    say(w, "nest fewer elements: nodes nest at most 32 levels (SPEC §2)",
        "the elements nest deeper than %d levels", e->int1);
    return true;
  }
  if (has(e->text, "XML_PARSE_HUGE") || has(e->text, "huge") ||
      has(e->text, "too long") || has(e->text, "amplification")) {
    say(w, "shorten it, or split the content",
        "a name, value or text is too large for the XML parser");
    return true;
  }
  return false;
}

void anima_markup_explain_xml_error(const anima_xml_error *error,
                                    const char *root, char *message,
                                    size_t message_size, char *hint,
                                    size_t hint_size) {
  if (!message || !hint || message_size == 0 || hint_size == 0) {
    return;
  }
  words w = {message, message_size, hint, hint_size};
  anima_xml_error none = {0};
  const anima_xml_error *e = error ? error : &none;
  root = root ? root : "anima";
  if (explain_limits(e, &w) || explain_structure(e, root, &w) ||
      explain_attributes(e, &w) || explain_content(e, &w)) {
    return;
  }
  char detail[200];
  plain_text(e->text, detail, sizeof detail);
  say(&w, detail[0] ? detail : "check the tags, quotes and & near here",
      "the text is not well-formed XML here");
}
