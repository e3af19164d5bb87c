# The build plan (model/phases): what each build phase installs, costs and hands over, and
# what must be ordered by when.
target_sources(cds_model PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/BuildPlan.cpp ${CMAKE_CURRENT_LIST_DIR}/BuildPlan.h
)
