#pragma once
// qcustomplot.h spells Qt's keyword macros (signals, slots, emit, foreach), which this
// project turns off with QT_NO_KEYWORDS; map them to the Q_ forms for this header only.

#ifndef signals
#define signals Q_SIGNALS
#define CDS_QCP_UNDEF_SIGNALS
#endif
#ifndef slots
#define slots Q_SLOTS
#define CDS_QCP_UNDEF_SLOTS
#endif
#ifndef emit
#define emit Q_EMIT
#define CDS_QCP_UNDEF_EMIT
#endif
#ifndef foreach
#define foreach Q_FOREACH
#define CDS_QCP_UNDEF_FOREACH
#endif

#include <qcustomplot.h>

#ifdef CDS_QCP_UNDEF_SIGNALS
#undef signals
#undef CDS_QCP_UNDEF_SIGNALS
#endif
#ifdef CDS_QCP_UNDEF_SLOTS
#undef slots
#undef CDS_QCP_UNDEF_SLOTS
#endif
#ifdef CDS_QCP_UNDEF_EMIT
#undef emit
#undef CDS_QCP_UNDEF_EMIT
#endif
#ifdef CDS_QCP_UNDEF_FOREACH
#undef foreach
#undef CDS_QCP_UNDEF_FOREACH
#endif
