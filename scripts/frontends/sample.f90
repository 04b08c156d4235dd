! A small Fortran module for scripts/wider-corpus.sh: a loop with a condition and an array
! update, compiled by flang-new-16 -O0, promoted by opt-16 -passes=mem2reg and validated.
module m
contains
  integer function gcd(a, b)
    integer, intent(in) :: a, b
    integer :: x, y, t
    x = a; y = b
    do while (y /= 0)
      t = mod(x, y); x = y; y = t
    end do
    gcd = x
  end function
  subroutine scale(v, n, s)
    integer, intent(in) :: n
    real, intent(inout) :: v(n)
    real, intent(in) :: s
    integer :: i
    do i = 1, n
      if (v(i) > 0.0) then
        v(i) = v(i) * s
      else
        v(i) = 0.0
      end if
    end do
  end subroutine
end module
