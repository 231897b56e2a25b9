// The plausibility rules for tuning-log figures (search/layer_tuner/log_trust.hpp): a figure that is no count,
// zero, beyond any device run, or far from its siblings per MAC is not trusted.
#include <gtest/gtest.h>

#include "host/search/layer_tuner/log_trust.hpp"

using namespace aotbench::search;

namespace {

LoggedFigure conv(const std::string& schedule, uint64_t macs, uint64_t counts) {
  return {"CONV_2D", schedule, macs, counts, ""};
}

TEST(LogTrust, RealFiguresAreTrusted) {
  // kws/mnv2 pointwise convolutions under ref: 6.4 to 21.6 instructions per MAC (sweep.tune's log).
  const std::vector<LoggedFigure> figures = {conv("ref", 221184, 3045226), conv("ref", 110592, 956311),
                                             conv("ref", 221184, 4770297), conv("ref", 1290240, 9170392),
                                             conv("dsp_1x1", 221184, 390260), {"ADD", "ref", 0, 542075, ""},
                                             {"SOFTMAX", "ref", 0, 964, ""}};
  for (const auto& why : implausible(figures)) EXPECT_EQ(why, "");
}

TEST(LogTrust, ZeroDamagedAndHugeFiguresAreNot) {
  const auto why = implausible({conv("ref", 221184, 0), conv("ref", 221184, 0), {"ADD", "ref", 0, 5, "counts is stored as 1e+30, not a whole number"},
                                conv("dsp_1x1", 1000, 1000ull * 1000 + kMaxLayerOverhead + 1),
                                {"ADD", "ref", 0, kMaxLayerOverhead + 1, ""}});
  EXPECT_NE(why[0].find("0 counts"), std::string::npos) << why[0];
  EXPECT_NE(why[1].find("0 counts"), std::string::npos) << why[1];
  EXPECT_EQ(why[2], "counts is stored as 1e+30, not a whole number");
  EXPECT_NE(why[3].find("more than 1000 per MAC"), std::string::npos) << why[3];
  EXPECT_NE(why[4].find("for a layer without MACs"), std::string::npos) << why[4];
}

// One figure 20x below its siblings per MAC is not trusted; the siblings still are. With fewer
// than two siblings nothing is said.
TEST(LogTrust, AFigureFarFromItsSiblingsIsNot) {
  const auto why = implausible({conv("ref", 221184, 3045226), conv("ref", 110592, 956311),
                                conv("ref", 221184, 4770297), conv("ref", 1290240, 9170392 / 20 / 10)});
  EXPECT_EQ(why[0], "");
  EXPECT_EQ(why[1], "");
  EXPECT_EQ(why[2], "");
  EXPECT_NE(why[3].find("from the 13.8 of the 3 other CONV_2D layers under ref"), std::string::npos) << why[3];
  EXPECT_EQ(implausible({conv("ref", 221184, 3045226), conv("ref", 1290240, 1)})[1], "");
}

}  // namespace
