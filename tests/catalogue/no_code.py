# task: task_add_relu
# expect: syntax
